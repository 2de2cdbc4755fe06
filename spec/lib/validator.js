// Compiles JSON Schema validators (draft 2020-12, with formats) from the bundled OpenAPI document.
// Shared by the spec's example test, the sandbox and the contract suite, so all three judge bodies alike.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const addFormats = /** @type {any} */ (addFormatsModule).default ?? addFormatsModule;
const BUNDLE_ID = "https://cloud-contract.invalid/openapi.json";
/** OpenAPI keywords that may stand inside a schema; annotations only, never checked. */
const OPENAPI_KEYWORDS = ["discriminator", "example", "xml", "externalDocs", "components"];

/** Reads and parses dist/openapi.json of this package. */
export function loadBundle() {
  return JSON.parse(readFileSync(new URL("../dist/openapi.json", import.meta.url), "utf8"));
}

/**
 * @param {any} doc the bundled OpenAPI document
 */
export function createSchemaValidator(doc = loadBundle()) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema({ $id: BUNDLE_ID, components: { schemas: anchorRefs(doc.components?.schemas ?? {}) } });
  const cache = new WeakMap();

  /**
   * Returns a function that validates a value against `schema` (a schema object of the bundle).
   * @param {object} schema
   */
  function compile(schema) {
    let check = cache.get(schema);
    if (!check) {
      check = ajv.compile(anchorRefs(schema));
      cache.set(schema, check);
    }
    return (/** @type {unknown} */ value) => {
      const valid = /** @type {boolean} */ (check(value));
      return { valid, errors: valid ? [] : describeErrors(check.errors ?? [], value) };
    };
  }

  return { compile, doc };
}

/** Points local refs (#/components/...) at the bundle registered in Ajv. */
function anchorRefs(/** @type {unknown} */ schema) {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${BUNDLE_ID}#/`));
}

/**
 * @param {import("ajv").ErrorObject[]} errors
 * @param {unknown} root
 */
function describeErrors(errors, root) {
  return errors.map((e) => {
    const pointer = e.instancePath || "/";
    return {
      pointer,
      message: e.message ?? e.keyword,
      keyword: e.keyword,
      params: e.params,
      value: at(root, e.instancePath),
    };
  });
}

function at(/** @type {any} */ value, /** @type {string} */ pointer) {
  if (!pointer) return value;
  for (const raw of pointer.slice(1).split("/")) {
    if (value === null || typeof value !== "object") return undefined;
    value = value[raw.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return value;
}
