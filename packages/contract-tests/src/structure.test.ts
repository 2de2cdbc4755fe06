// The shape of the package's source: no import cycle (the root imports the commands, never the reverse),
// and the CONTRACT_* variables read in one place only, the run's configuration (src/run-config/).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import madge from "madge";
import { expect, it } from "vitest";

const src = fileURLToPath(new URL(".", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

it("has no import cycle", async () => {
  const graph = await madge(src, {
    fileExtensions: ["ts"],
    excludeRegExp: [/\.test\.ts$/],
    tsConfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(40);
  expect(graph.circular()).toEqual([]);
});

it("reads CONTRACT_* variables only in src/run-config/", () => {
  const readers = sources(src)
    .filter((file) => !relative(src, file).startsWith("run-config"))
    .filter((file) => /env(\?)?\.CONTRACT_|env\[["'`]CONTRACT_/.test(readFileSync(file, "utf8")))
    .map((file) => relative(src, file));
  expect(readers).toEqual([]);
});
