#!/usr/bin/env node
// `node place-files.mjs FROM TO NAME…`: copies each file NAME from folder FROM into folder TO only when its bytes
// differ (through a scratch file renamed over the old one), so a process watching TO (Prism reloads on every
// write of the bundle it serves) sees no write when nothing changed. spec:bundle places nx's cached bundle this way.
import { copyFileSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Whether both files exist with the same bytes. */
export function sameBytes(a, b) {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** Puts `fresh`'s bytes at `out` unless they are there already; "unchanged" or "written". */
export function placeFile(fresh, out) {
  if (sameBytes(fresh, out)) return "unchanged";
  const scratch = `${out}.placing-${process.pid}`;
  copyFileSync(fresh, scratch);
  renameSync(scratch, out);
  return "written";
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [from, to, ...names] = process.argv.slice(2);
  if (!from || !to || names.length === 0) {
    process.stderr.write("usage: node scripts/place-files.mjs FROM TO NAME…\n");
    process.exit(2);
  }
  mkdirSync(to, { recursive: true });
  for (const name of names) {
    const out = join(to, name);
    if (placeFile(join(from, name), out) === "unchanged") console.error(`${out} unchanged: left as it was`);
  }
}
