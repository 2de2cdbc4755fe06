import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Packs one workspace package with `pnpm pack` (which turns `workspace:*` into real versions, as a publish
 * does) into `destination` and returns the tarball's path.
 */
export function packPackage(packageDir: string, destination: string): string {
  const before = new Set(readdirSync(destination));
  const run = spawnSync("pnpm", ["pack", "--pack-destination", destination], {
    cwd: packageDir,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error" },
  });
  if (run.status !== 0) throw new Error(`pnpm pack failed in ${packageDir}:\n${run.stdout}\n${run.stderr}`);
  const created = readdirSync(destination).filter((f) => f.endsWith(".tgz") && !before.has(f));
  if (created.length !== 1) throw new Error(`pnpm pack in ${packageDir} made ${created.length} tarballs`);
  return join(destination, created[0] as string);
}

/** The paths inside a tarball, without the leading "package/". */
export function tarballFiles(tarball: string): string[] {
  const run = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tar -tzf ${tarball} failed: ${run.stderr}`);
  return run.stdout
    .split("\n")
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ""));
}
