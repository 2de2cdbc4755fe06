// The document model for Node: everything of ./model, plus the bundle's file and models of other bundled
// files read from disk, and compiled validators kept between processes when CLOUD_CONTRACT_VALIDATOR_CACHE
// names a folder for them (./compiled-validators; unset, each process compiles its own).
import { resolve } from "node:path";
import { loadBundle } from "./bundle-file.js";
import { bundledModel } from "./bundled.js";
import { compiledValidatorsIn } from "./compiled-validators.js";
import { type DocumentModel, openDocument } from "./model.js";
import { useCompiledValidators } from "./validator.js";

const keptIn = process.env.CLOUD_CONTRACT_VALIDATOR_CACHE;
if (keptIn) useCompiledValidators(compiledValidatorsIn(resolve(keptIn)));

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
