// The document model for Node: everything of ./model, plus the bundle's file and models of other bundled
// files read from disk.
import { loadBundle } from "./bundle-file.js";
import { bundledModel } from "./bundled.js";
import { type DocumentModel, openDocument } from "./model.js";

export { bundlePath, loadBundle } from "./bundle-file.js";
export { bundledDocument, bundledModel } from "./bundled.js";
export * from "./model.js";

const loaded = new Map<string, DocumentModel>();

/** The model of this package's bundle (`bundledModel()`), or of the bundle at `path`, read once per process. */
export function loadDocument(path?: string): DocumentModel {
  if (path === undefined) return bundledModel();
  let model = loaded.get(path);
  if (!model) {
    model = openDocument(loadBundle(path));
    loaded.set(path, model);
  }
  return model;
}
