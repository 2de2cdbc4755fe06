import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { loadDocument, type Operation } from "@cloud-contract/spec/document";

const require = createRequire(import.meta.url);

/** Folder of @cloud-contract/spec in this workspace (found through its package name). */
export const specDir = dirname(require.resolve("@cloud-contract/spec/package.json"));
export const docsFile = join(specDir, "dist", "docs", "index.html");
export const screenshotFile = join(specDir, "dist", "docs", "screenshot.png");

/** The operations of the bundled spec (the document model's): what the page must show. */
export function bundledOperations(): readonly Operation[] {
  return loadDocument().operations;
}
