// The shape of the package's source: no import cycle anywhere in src/ (type-only imports count too), so that
// each layer (the HTTP pipeline, the durable backends, the server) can be read and changed on its own.
import { fileURLToPath } from "node:url";
import madge from "madge";
import { expect, it } from "vitest";

it("has no import cycle", async () => {
  const graph = await madge(fileURLToPath(new URL(".", import.meta.url)), {
    fileExtensions: ["ts", "cts"],
    excludeRegExp: [/\.test\.ts$/],
    tsConfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(100);
  expect(graph.circular()).toEqual([]);
});
