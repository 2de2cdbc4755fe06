// Compiles JSON Schema validators (draft 2020-12, with formats) from a bundled OpenAPI document.
// The document model (./model) judges every body with it, so all packages judge bodies alike. No Node
// module on this path: the model runs in browsers too.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Json } from "./json.js";

// ajv-formats is CommonJS: its default export arrives wrapped once more under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;
const BUNDLE_ID = "https://cloud-contract.invalid/openapi.json";
/** OpenAPI keywords that may stand inside a schema; annotations only, never checked. */
// `x-secret` marks a property a recorder must redact (see secrets.ts); it asks nothing of the value.
const OPENAPI_KEYWORDS = ["discriminator", "example", "xml", "externalDocs", "components", "x-secret"];

export interface SchemaError {
  /** JSON pointer into the validated value ("/" for the value itself). */
  pointer: string;
  message: string;
  keyword: string;
  params: Record<string, unknown>;
  /** The offending value at `pointer`. */
  value: unknown;
}

export interface ValidationResult {
  valid: boolean;
  errors: SchemaError[];
}

/** A parsed OpenAPI 3.x document: the top level typed, the rest read through the model (./model). */
export interface OpenApiDocument {
  openapi?: string;
  info?: Json;
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths?: Record<string, unknown>;
  components?: Json;
  [key: string]: unknown;
}

export interface SchemaValidator {
  /** Returns a check of a value against `schema` (a schema object of the document; compiled once). */
  compile(schema: object): (value: unknown) => ValidationResult;
  doc: OpenApiDocument;
}

export function createSchemaValidator(doc: OpenApiDocument): SchemaValidator {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    // No optimisation pass over the generated code: compiling the spec's 93 body schemas took 603 ms with it
    // and 402 ms without (medians of 3), and every process that judges or serves compiles them once. The
    // unoptimised validators are slower, about 9 µs instead of 7 µs a body, which no caller notices.
    code: { optimize: false },
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema({ $id: BUNDLE_ID, components: { schemas: anchorRefs(doc.components?.schemas ?? {}) } });
  const cache = new WeakMap<object, ValidateFunction>();

  function compile(schema: object) {
    let check = cache.get(schema);
    if (!check) {
      check = ajv.compile(anchorRefs(schema) as object);
      cache.set(schema, check);
    }
    const validate = check;
    return (value: unknown): ValidationResult => {
      const valid = validate(value) as boolean;
      return { valid, errors: valid ? [] : describeErrors(validate.errors ?? [], value) };
    };
  }

  return { compile, doc };
}

/** Points local refs (#/components/...) at the bundle registered in Ajv. */
function anchorRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${BUNDLE_ID}#/`));
}

function describeErrors(errors: ErrorObject[], root: unknown): SchemaError[] {
  return errors.map((e) => ({
    pointer: e.instancePath || "/",
    message: e.message ?? e.keyword,
    keyword: e.keyword,
    params: e.params as Record<string, unknown>,
    value: valueAt(root, e.instancePath),
  }));
}

function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  if (!pointer) return current;
  for (const raw of pointer.slice(1).split("/")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Json)[raw.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return current;
}
