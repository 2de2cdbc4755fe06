// What a browser or edge bundle of the package costs (see test-support/bundle-size.ts): the code every
// client loads, and apart from it the spec's model and validator, imported only with validateResponses on.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { measureBundle } from "./test-support/bundle-size.js";

const entry = fileURLToPath(new URL("./index.ts", import.meta.url));
const MAX_GZIPPED_BYTES = 10_240;
/**
 * The 10.15 kB measured with bounded answers, a typed error per unusable body, bounded pagination and task
 * polling, the deprecation check (its reading of the headers loaded on demand) and bodiless answers, rounded up
 * to 10 KiB (it was 7.22 kB plus 10 % before them).
 */
const MAX_CORE_GZIPPED_BYTES = 10_240;

describe("runtime bundle", () => {
  it(`is at most ${MAX_CORE_GZIPPED_BYTES} bytes minified and gzipped without validation, openapi-fetch included, with no Node built-ins`, async () => {
    const size = await measureBundle(entry);
    expect(size.coreInputs.some((path) => path.includes("openapi-fetch"))).toBe(true);
    expect(size.coreInputs.filter((path) => path.startsWith("node:"))).toEqual([]);
    expect(size.coreInputs.filter((path) => path.includes("spec") || path.includes("ajv"))).toEqual([]);
    expect(size.coreGzipped).toBeLessThanOrEqual(MAX_CORE_GZIPPED_BYTES);
    expect(size.coreGzipped).toBeLessThanOrEqual(MAX_GZIPPED_BYTES);
    // The validator is there, in the chunks loaded on demand, with no Node built-in either.
    expect(size.allInputs.some((path) => path.includes("ajv"))).toBe(true);
    expect(size.allInputs.filter((path) => path.startsWith("node:"))).toEqual([]);
    expect(size.allGzipped).toBeGreaterThan(size.coreGzipped * 2);
  });

  it("has no side effects on import: importing it for nothing bundles to nothing", async () => {
    const { build } = await import("esbuild");
    const result = await build({
      stdin: {
        contents: `import ${JSON.stringify(entry)};`,
        resolveDir: fileURLToPath(new URL(".", import.meta.url)),
      },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      // The validator's chunks, loaded only through import(), are not part of what an import runs.
      splitting: true,
      outdir: fileURLToPath(new URL("./.bundle-size", import.meta.url)),
      external: ["node:*"],
      mainFields: ["module", "main"],
      write: false,
      // Judge by the code itself, not by the package's "sideEffects": false.
      ignoreAnnotations: true,
      logLevel: "silent",
    });
    const [entryOut, ...chunks] = result.outputFiles ?? [];
    // With splitting, esbuild keeps the import of the chunk of its own CommonJS helpers (for ajv, in the
    // validator's chunks): that chunk only defines functions.
    expect(entryOut?.text.trim()).toMatch(/^(import"\.\/chunk-\w+\.js";)*$/);
    for (const chunk of chunks.filter((c) => entryOut?.text.includes(c.path.split("/").at(-1) ?? "-"))) {
      expect(chunk.text).toMatch(/^var \w+=Object\.create;[\s\S]*export\{[^}]*\};\s*$/);
    }
  });
});
