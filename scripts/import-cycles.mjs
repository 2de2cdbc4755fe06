#!/usr/bin/env node
// Fails when a package's source has an import cycle (type-only imports count too), so that each layer can be read
// and changed on its own. Run from the package's folder by its nx `lint` target, which nx caches on the sources:
// the walk is paid once per change, not in every test run. Usage: node import-cycles.mjs SRC_DIR [MIN_FILES]
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [dir, minFiles = "1"] = process.argv.slice(2);
if (!dir || dir === "--help" || dir === "-h") {
  process.stdout.write(
    "Usage: node scripts/import-cycles.mjs SRC_DIR [MIN_FILES]  (run in the package's folder)\n",
  );
  process.exit(dir ? 0 : 2);
}
// madge (with the TypeScript 5.9 API it needs) is a development dependency of the workspace root.
const madge = createRequire(import.meta.url)("madge");
const graph = await madge(resolve(dir), {
  fileExtensions: ["ts", "cts"],
  excludeRegExp: [/\.test\.ts$/],
  tsConfig: resolve("tsconfig.json"),
  detectiveOptions: { ts: { skipTypeImports: false } },
});
const files = Object.keys(graph.obj()).length;
// A walk that found almost nothing has read the wrong folder: that is no proof of "no cycle".
if (files < Number(minFiles)) {
  process.stderr.write(`import-cycles: only ${files} files under ${dir} (expected at least ${minFiles})\n`);
  process.exit(2);
}
const cycles = graph.circular();
for (const cycle of cycles) process.stderr.write(`import cycle: ${cycle.join(" -> ")} -> ${cycle[0]}\n`);
process.stdout.write(`import-cycles: ${files} files under ${dir}, ${cycles.length} cycle(s)\n`);
process.exit(cycles.length ? 1 : 0);
