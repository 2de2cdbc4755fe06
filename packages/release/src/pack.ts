import { spawnSync } from "node:child_process";
import { PUBLISHED_PACKAGES, type PublishedPackageName } from "./packages.js";
import { WORKSPACE_ROOT } from "./workspace.js";

/**
 * Packs every published package with `pnpm pack` (which turns `workspace:*` into real versions, as a publish
 * does) into `destination`, in one recursive pnpm call, so pnpm starts once rather than once per package.
 * Returns each package's tarball path by name.
 */
export function packPublishedPackages(destination: string): Map<PublishedPackageName, string> {
  const filters = PUBLISHED_PACKAGES.flatMap((p) => ["--filter", p.name]);
  const run = spawnSync("pnpm", ["-r", ...filters, "pack", "--pack-destination", destination, "--json"], {
    cwd: WORKSPACE_ROOT,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error" },
  });
  if (run.status !== 0) throw new Error(`pnpm pack failed:\n${run.stdout}\n${run.stderr}`);
  const packed = new Map(
    (JSON.parse(run.stdout) as { name: string; filename: string }[]).map((e) => [e.name, e.filename]),
  );
  for (const { name } of PUBLISHED_PACKAGES) {
    if (!packed.has(name)) throw new Error(`pnpm pack made no tarball for ${name}:\n${run.stdout}`);
  }
  return packed as Map<PublishedPackageName, string>;
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
