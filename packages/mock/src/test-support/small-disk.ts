import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/** A tmpfs of `size` (as `mount -o size=` takes it) at a new folder `name` in `parent`. */
export type SmallDisk = { dir: string; resize(size: string): void; unmount(): void } | { reason: string };

/** Mounts a small tmpfs (the way to fill a disk in a test), or says why there cannot be one here. */
export function mountSmallDisk(parent: string, name: string, size: string): SmallDisk {
  const dir = join(parent, name);
  mkdirSync(dir);
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], {
    encoding: "utf8",
  });
  if (mounted.status !== 0)
    return { reason: `mounting a tmpfs is not allowed here: ${mounted.stderr.trim()}` };
  return {
    dir,
    // Room made on the same file system, its files kept (as when an operator frees space).
    resize: (to) => spawnSync("mount", ["-o", `remount,size=${to}`, dir]),
    unmount: () => spawnSync("umount", ["--lazy", dir]),
  };
}

/** Free kilobytes on the file system of `dir`. */
export function freeKiB(dir: string): number {
  const avail = spawnSync("df", ["--output=avail", dir], { encoding: "utf8" }).stdout;
  return Number(avail.split("\n")[1]);
}
