import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Absolute path of the bundled spec (`@cloud-contract/spec/openapi.json`). */
export function bundlePath(): string {
  return require.resolve("@cloud-contract/spec/openapi.json");
}

/** A parsed OpenAPI document; only the parts this package reads are typed. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

/** Reads and parses a spec document (the bundle unless another path is given). */
export function readSpec(path = bundlePath()): OpenApiDocument {
  return JSON.parse(readFileSync(path, "utf8")) as OpenApiDocument;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

export interface OperationSummary {
  method: string;
  path: string;
  operationId: string;
}

/** The operations of a document, in the order of `paths`. */
export function listOperations(doc: OpenApiDocument): OperationSummary[] {
  const out: OperationSummary[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as { operationId?: string } | undefined;
      if (op) out.push({ method: method.toUpperCase(), path, operationId: op.operationId ?? "" });
    }
  }
  return out;
}
