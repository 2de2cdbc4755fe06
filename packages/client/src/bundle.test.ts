// What a browser or edge bundle of the package costs: built by esbuild for a neutral platform (no Node
// built-ins can be resolved, so any Node-only import fails the build), minified and gzipped.
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("./index.ts", import.meta.url));
const MAX_GZIPPED_BYTES = 10_000;

describe("runtime bundle", () => {
  it(`is at most ${MAX_GZIPPED_BYTES / 1000} kB minified and gzipped, openapi-fetch included, with no Node built-ins`, async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes("openapi-fetch"))).toBe(true);
    expect(inputs.filter((path) => path.startsWith("node:"))).toEqual([]);
    const code = result.outputFiles?.[0]?.contents ?? new Uint8Array();
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
  });

  it("has no side effects on import: importing it for nothing bundles to nothing", async () => {
    const result = await build({
      stdin: {
        contents: `import ${JSON.stringify(entry)};`,
        resolveDir: fileURLToPath(new URL(".", import.meta.url)),
      },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      write: false,
      // Judge by the code itself, not by the package's "sideEffects": false.
      ignoreAnnotations: true,
      logLevel: "silent",
    });
    expect(result.outputFiles?.[0]?.text.trim()).toBe("");
  });
});
