// The bundle as a file on disk, for Node: its path (Prism and the docs read it) and a reader for it or for
// another bundled document.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { OpenApiDocument } from "./validator.js";

/** Absolute path of this package's bundle, `dist/openapi.json`. */
export function bundlePath(): string {
  return createRequire(import.meta.url).resolve("@cloud-contract/spec/openapi.json");
}

/** Reads and parses a bundled document (this package's bundle unless another path is given). */
export function loadBundle(path: string = bundlePath()): OpenApiDocument {
  return JSON.parse(readFileSync(path, "utf8")) as OpenApiDocument;
}
