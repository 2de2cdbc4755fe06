// This package's bundle as a module: bundlers (and browsers) get the document with no file system, and Node
// reads the same file through its JSON module loader.
import bundle from "@cloud-contract/spec/openapi.json" with { type: "json" };
import { type DocumentModel, openDocument } from "./model.js";
import type { OpenApiDocument } from "./validator.js";

/** The parsed bundle, `dist/openapi.json`. */
export const bundledDocument: OpenApiDocument = bundle;

let model: DocumentModel | undefined;

/** The model of this package's bundle, built once. */
export function bundledModel(): DocumentModel {
  model ??= openDocument(bundledDocument);
  return model;
}
