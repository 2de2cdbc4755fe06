import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PUBLISHED_PACKAGES } from "./packages.js";

/** Where the spec of the last release lives, relative to the workspace root. */
export const BASELINE_DIR = join("spec", "released");

export interface Baseline {
  spec: unknown;
  /** Package versions at that release; undefined when the file is missing. */
  versions: Record<string, string> | undefined;
}

export function readBaseline(root: string): Baseline {
  const dir = join(root, BASELINE_DIR);
  const specFile = join(dir, "openapi.json");
  if (!existsSync(specFile)) {
    throw new Error(`${specFile} is missing: the released spec is the baseline of the breaking-change gate`);
  }
  const versionsFile = join(dir, "versions.json");
  return {
    spec: JSON.parse(readFileSync(specFile, "utf8")),
    versions: existsSync(versionsFile) ? JSON.parse(readFileSync(versionsFile, "utf8")) : undefined,
  };
}

/** Versions of the published packages as the workspace has them now. */
export function currentVersions(root: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const pkg of PUBLISHED_PACKAGES) {
    versions[pkg.name] = JSON.parse(readFileSync(join(root, pkg.dir, "package.json"), "utf8")).version;
  }
  return versions;
}

/** Makes the current bundle and versions the new baseline (run after a publish). */
export function writeBaseline(root: string): string {
  const dir = join(root, BASELINE_DIR);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(root, "spec", "dist", "openapi.json"), join(dir, "openapi.json"));
  writeFileSync(join(dir, "versions.json"), `${JSON.stringify(currentVersions(root), null, 2)}\n`);
  return dir;
}
