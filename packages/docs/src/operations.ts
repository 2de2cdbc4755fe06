import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** Folder of @cloud-contract/spec in this workspace (found through its package name). */
export const specDir = dirname(require.resolve("@cloud-contract/spec/package.json"));
export const docsFile = join(specDir, "dist", "docs", "index.html");
export const screenshotFile = join(specDir, "dist", "docs", "screenshot.png");

export interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
}

const METHODS = ["get", "put", "post", "delete", "patch"];

/** The operations of the bundled spec: what the page must show. */
export function bundledOperations(): DocumentedOperation[] {
  const doc = JSON.parse(readFileSync(require.resolve("@cloud-contract/spec/openapi.json"), "utf8"));
  const ops: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, { operationId: string; tags: string[] }>>(
    doc.paths,
  )) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) ops.push({ operationId: op.operationId, method, path, tag: op.tags[0] ?? "" });
    }
  }
  return ops;
}
