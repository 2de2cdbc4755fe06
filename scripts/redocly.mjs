// Runs the package's pinned Redocly CLI with the given arguments, minus one notice: on Node 20 every run of
// Redocly CLI ≥ 2.61 prints a boxed "Node.js 20 reached end-of-life" notice, with no option or variable
// to turn it off (REDOCLY_SUPPRESS_UPDATE_NOTICE covers the update notice only), and the versions before
// it render Redoc 2, not the Redoc 3 page the docs are built for. The project runs on Node 20 (README),
// so the notice is one a user of `pnpm mock` cannot act on. Every other line, and the exit code, pass
// through unchanged. Usage (from a package folder): node ../scripts/redocly.mjs lint openapi.yaml …
// `bundle … -o FILE` writes FILE only when its bytes change: a running Prism watches the bundle and reloads
// (answering nothing meanwhile) whenever the file is written, also with the same bytes.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { sameBytes } from "./place-files.mjs";

const NOTICE = "Node.js 20 reached end-of-life";

/** The CLI script of the @redocly/cli the calling package depends on. */
function redoclyBin() {
  const require = createRequire(join(process.cwd(), "package.json"));
  const manifest = require.resolve("@redocly/cli/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  return join(dirname(manifest), typeof bin === "string" ? bin : bin.redocly);
}

/**
 * For `bundle … -o FILE` (or `--output`): the arguments with FILE swapped for a file of the same name in a new
 * folder beside it, and `settle(ok)`, which moves that file over FILE when the run went well and the bytes
 * differ, then removes the folder. Other commands get their arguments back and a `settle` that does nothing.
 */
export function bundleOutput(args) {
  const at = args.findIndex((a) => a === "-o" || a === "--output");
  const target = at >= 0 && args[0] === "bundle" ? args[at + 1] : undefined;
  if (target === undefined) return { args, settle: () => "none" };
  const out = resolve(target);
  mkdirSync(dirname(out), { recursive: true });
  const scratch = mkdtempSync(join(dirname(out), ".bundle-"));
  const fresh = join(scratch, basename(out));
  const settle = (ok) => {
    let result = "failed";
    try {
      if (ok) {
        result = sameBytes(fresh, out) ? "unchanged" : "written";
        if (result === "written") renameSync(fresh, out);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return result;
  };
  return { args: args.map((a, i) => (i === at + 1 ? fresh : a)), fresh, out, settle };
}

/** Copies `input` line by line to `output`, leaving out a box-drawn block that contains the notice. */
export function dropNodeNotice(input, output) {
  let box;
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    if (box === undefined && line.includes("╔")) box = [];
    if (box === undefined) {
      output.write(`${line}\n`);
      return;
    }
    box.push(line);
    if (!line.includes("╚")) return;
    if (!box.some((l) => l.includes(NOTICE))) output.write(`${box.join("\n")}\n`);
    box = undefined;
  });
  return new Promise((resolve) =>
    lines.on("close", () => {
      if (box) output.write(`${box.join("\n")}\n`);
      resolve();
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bundle = bundleOutput(process.argv.slice(2));
  const child = spawn(process.execPath, [redoclyBin(), ...bundle.args], {
    stdio: ["inherit", "inherit", "pipe"],
  });
  // Redocly names the file it wrote: the scratch copy, which is reported under the output's own name.
  const stderr = bundle.fresh
    ? { write: (text) => process.stderr.write(text.replaceAll(bundle.fresh, bundle.out)) }
    : process.stderr;
  const copied = dropNodeNotice(child.stderr, stderr);
  child.on("close", async (code, signal) => {
    await copied;
    const ok = code === 0 && !signal;
    if (bundle.settle(ok) === "unchanged") console.error(`${bundle.out} unchanged: left as it was`);
    process.exit(code ?? (signal ? 1 : 0));
  });
}
