// What the published tarball holds, as `pnpm pack` (the release's packer) lists it (the build has run: the test
// target depends on it):
// every source file a source map names, and no test of any kind.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const listing = JSON.parse(
  execFileSync("pnpm", ["pack", "--dry-run", "--json"], { cwd: root, encoding: "utf8" }),
) as { files: { path: string }[] };
const files = new Set(listing.files.map((file) => file.path));

describe("the package's tarball", () => {
  it("ships the source files its source maps name", () => {
    const maps = [...files].filter((path) => path.endsWith(".map"));
    expect(maps.length).toBeGreaterThan(10);
    const missing = maps.flatMap((map) => {
      const { sources } = JSON.parse(readFileSync(join(root, map), "utf8")) as { sources: string[] };
      return sources
        .map((source) => relative(root, normalize(join(root, dirname(map), source))))
        .filter((source) => !files.has(source));
    });
    expect(missing).toEqual([]);
  });

  it("ships no tests, type tests or test support", () => {
    expect([...files].filter((path) => /\.test(-d)?\.|test-support/.test(path))).toEqual([]);
    expect(files.has("src/index.ts")).toBe(true);
  });
});
