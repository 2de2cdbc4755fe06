// Compiles JSON Schema validators (draft 2020-12, with formats) from a bundled OpenAPI document.
// The document model (./model) judges every body with it, so all packages judge bodies alike. No Node
// module on this path: the model runs in browsers too.
import { _, Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { exportedFunction } from "./common-js.js";
import { isIdnMailbox, isMailbox } from "./email-format.js";
import { isObject, type Json } from "./json.js";
import { pointAt } from "./links.js";

// ajv-formats is CommonJS: its default export arrives wrapped once more under NodeNext.
const addFormats = exportedFunction(addFormatsModule);
const BUNDLE_ID = "https://cloud-contract.invalid/openapi.json";
/** The meta-schema Ajv2020 checks a schema against when it names none (`ajv.defaultMeta()` compiles it). */
const META_SCHEMA = "https://json-schema.org/draft/2020-12/schema";
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

/** The module a kept validator takes its formats from: ajv-formats' with our `email` (compiled-validators.ts). */
export const KEPT_FORMATS = "@cloud-contract/spec:formats";

export interface SchemaValidator {
  /** Returns a check of a value against `schema` (a schema object of the document; compiled once). */
  compile(schema: object): (value: unknown) => ValidationResult;
  doc: OpenApiDocument;
}

/**
 * Validators compiled by earlier processes, looked up by what they were compiled from. The Node entry
 * (./document) sets one up when CLOUD_CONTRACT_VALIDATOR_CACHE names a folder (./compiled-validators).
 */
export interface CompiledValidators {
  /** A store for the validators `ajv` compiles from schemas that `$ref` into `registry`. */
  forRegistry(
    ajv: Ajv2020,
    registry: object,
  ): {
    /** The validator compiled earlier from this (anchored) schema, or undefined. */
    load(schema: object): ValidateFunction | undefined;
    /** Keeps a validator just compiled from this schema for later processes. */
    save(schema: object, validate: ValidateFunction): void;
    /** The validator of ajv's default meta-schema compiled earlier (with the same options), or undefined. */
    loadMetaSchema(): ValidateFunction | undefined;
    /** Keeps the default meta-schema's validator just compiled, for later processes. */
    saveMetaSchema(validate: ValidateFunction): void;
  };
}

let compiledValidators: CompiledValidators | undefined;

/** Makes the validators created from now on reuse (and keep) compiled validators in `store`. */
export function useCompiledValidators(store: CompiledValidators | undefined): void {
  compiledValidators = store;
}

/** How a validator treats a schema Ajv's strict mode would refuse. */
export interface ValidatorOptions {
  /**
   * true (the default): refuse schemas strict mode refuses (unknown keywords, `patternProperties` that match
   * declared properties). false: compile every valid schema, for specs you did not write.
   */
  strict?: boolean;
}

/** The validators made so far, by document: the parts of a process that check one document share them. */
const made = new WeakMap<
  object,
  { strict: boolean; kept: CompiledValidators | undefined; made: SchemaValidator }[]
>();

/**
 * The validator of `doc`'s schemas: made once per document object, options and kept-validator store in a
 * process (a document is not changed once its schemas are checked: the validator holds a copy of them).
 */
export function createSchemaValidator(
  doc: OpenApiDocument,
  { strict = true }: ValidatorOptions = {},
): SchemaValidator {
  const kept = compiledValidators;
  const earlier = made.get(doc) ?? [];
  const known = earlier.find((v) => v.strict === strict && v.kept === kept);
  if (known) return known.made;
  const validator = newSchemaValidator(doc, strict, kept);
  made.set(doc, [...earlier, { strict, kept, made: validator }]);
  return validator;
}

function newSchemaValidator(
  doc: OpenApiDocument,
  strict: boolean,
  kept: CompiledValidators | undefined,
): SchemaValidator {
  const ajv = new Ajv2020({
    allErrors: true,
    strict,
    // Not strict, Ajv logs what it ignores (an unknown format) to the console: a spec you did not write is
    // judged as it is, quietly.
    ...(strict ? {} : { logger: false as const }),
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    // Each schema is checked against the meta-schema in `compile` below, by the meta-schema's validator kept
    // with the others: compiling that validator is a large part of a process that compiles a few schemas.
    validateSchema: false,
    // No optimisation pass over the generated code: every process that judges or serves compiles the spec's
    // body schemas once, and the pass costs more there than it saves on the bodies (BENCHMARKS.md).
    // Kept validators are saved as standalone code, which names where the formats come from.
    code: kept
      ? {
          optimize: false,
          source: true,
          formats: _`require(${KEPT_FORMATS})`,
        }
      : { optimize: false },
  });
  addFormats(ajv);
  // ajv-formats' `email` wants a domain of two labels and no quoted local part: JSON Schema's is RFC 5321's.
  ajv.addFormat("email", isMailbox);
  ajv.addFormat("idn-email", isIdnMailbox);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  const schemas = doc.components?.schemas;
  const registry = { $id: BUNDLE_ID, components: { schemas: anchorRefs(isObject(schemas) ? schemas : {}) } };
  // Not checked against the JSON Schema meta-schema here (the last argument): the registry's schemas sit under
  // `components`, an annotation to ajv, so that check saw only the `$id`, and compiling the meta-schema's
  // validator for it cost CPU in every process. Each schema is checked when it is compiled, the
  // schemas it refers to included (a `type: 42` there fails the compile).
  ajv.addSchema(registry, undefined, undefined, false);
  const store = kept?.forRegistry(ajv, registry);
  const cache = new WeakMap<object, ValidateFunction>();
  let metaSchema: { validate: ValidateFunction; kept: boolean } | undefined;

  /** What ajv's own check against the meta-schema does (throws "schema is invalid: …"), its validator kept. */
  function checkAgainstMetaSchema(schema: object) {
    if (!store || "$schema" in schema) {
      ajv.validateSchema(schema, true);
      return;
    }
    if (!metaSchema) {
      const kept = store.loadMetaSchema();
      const validate = kept ?? ajv.getSchema(META_SCHEMA);
      if (!validate) throw new Error(`no meta-schema ${META_SCHEMA}`);
      metaSchema = { validate, kept: kept !== undefined };
    }
    const { validate } = metaSchema;
    if (!validate(schema)) throw new Error(`schema is invalid: ${ajv.errorsText(validate.errors)}`);
  }

  function compile(schema: object) {
    let check = cache.get(schema);
    if (!check) {
      const anchored = anchorRefs(schema);
      check = store?.load(anchored);
      if (!check) {
        checkAgainstMetaSchema(anchored);
        check = ajv.compile(anchored);
        store?.save(anchored, check);
        // Kept once a schema compiled: a process refused every schema keeps nothing.
        if (metaSchema && !metaSchema.kept) {
          store?.saveMetaSchema(metaSchema.validate);
          metaSchema.kept = true;
        }
      }
      cache.set(schema, check);
    }
    const validate = check;
    return (value: unknown): ValidationResult => {
      const valid = validate(value);
      return { valid, errors: valid ? [] : describeErrors(validate.errors ?? [], value) };
    };
  }

  return { compile, doc };
}

/** A copy of `schema` whose local refs (#/components/...) point at the bundle registered in Ajv. */
function anchorRefs(schema: object): object {
  const anchored: unknown = JSON.parse(
    JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${BUNDLE_ID}#/`),
  );
  if (!isObject(anchored)) throw new TypeError("a schema to compile must be a JSON object");
  return anchored;
}

function describeErrors(errors: ErrorObject[], root: unknown): SchemaError[] {
  return errors.map((e) => ({
    pointer: e.instancePath || "/",
    message: e.message ?? e.keyword,
    keyword: e.keyword,
    params: e.params,
    value: pointAt(root, e.instancePath),
  }));
}
