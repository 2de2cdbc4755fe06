import { documentMemo } from "./memo.js";
import { child, follow } from "./pointer.js";
import type { Json, Located } from "./types.js";

export const LOWER_BOUNDS = [
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
  "minContains",
];
export const UPPER_BOUNDS = [
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
  "maxContains",
];
export const EXACT_CONSTRAINTS = ["pattern", "format", "multipleOf", "uniqueItems"];
/**
 * Keywords that change what is valid but that the comparer does not order by themselves: one added only
 * refuses more, one dropped only accepts more, and one changed is told apart by constructed values
 * (distinguish.ts).
 */
export const WITNESSED_KEYWORDS = [
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "contains",
  "prefixItems",
  "patternProperties",
  "unevaluatedItems",
  "additionalItems",
];

/** A constraint and where it is written. */
export interface Placed<T> {
  value: T;
  ptr: string;
}

/**
 * What a schema means once its `$ref` (with siblings) and `allOf` parts are merged: the constraints of all
 * parts hold at once, so types intersect, bounds take the tightest, properties and `required` unite.
 */
export interface FlatSchema {
  /** Where the schema itself lives (its first part that says something). */
  ptr: string;
  /** The pointers of every part merged into it (the node, `$ref` targets, `allOf` parts). */
  parts: string[];
  types: Placed<Set<string>> | undefined;
  enum: Placed<unknown[]> | undefined;
  bounds: Map<string, Placed<number>>;
  exact: Map<string, Placed<unknown>>;
  properties: Map<string, Located>;
  /** Required property names → the pointer of the `required` list that names them. */
  required: Map<string, string>;
  /** `false` when extra properties are refused, a schema when they are constrained. */
  additional: Placed<false> | Located | undefined;
  propertyNames: Located | undefined;
  items: Located | undefined;
  /** Where `items: false` closes the array after its `prefixItems` (read as a `maxItems` bound too). */
  closedItems: string | undefined;
  /** The WITNESSED_KEYWORDS of all parts, as written. */
  witnessed: Map<string, Placed<unknown>>;
  readOnly: boolean;
  writeOnly: boolean;
  union:
    | {
        kind: "oneOf" | "anyOf";
        variants: Located[];
        ptr: string;
        discriminator: string | undefined;
        /** The discriminator's mapping, value → target. */
        mapping: Record<string, string>;
      }
    | undefined;
  deprecated: boolean;
  sunset: string | undefined;
}

function typesOf(schema: Json): Set<string> | undefined {
  let types: string[] | undefined;
  if (typeof schema.type === "string") types = [schema.type];
  else if (Array.isArray(schema.type)) types = [...schema.type];
  if (types && schema.nullable === true) types.push("null");
  if (!types && "const" in schema) types = [jsonType(schema.const)];
  return types ? new Set(types) : undefined;
}

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value;
}

/** Whether a set of JSON types admits a type (`number` admits `integer`). */
export const admits = (types: Set<string>, type: string) =>
  types.has(type) || (type === "integer" && types.has("number"));

/** A schema's own types read within those of the schema around it (both hold); undefined: any. */
export function typesWithin(own: Set<string> | undefined, outer: Set<string> | undefined) {
  if (!outer) return own;
  if (!own) return outer;
  return new Set(
    [...own].flatMap((t) =>
      admits(outer, t) ? [t] : t === "number" && outer.has("integer") ? ["integer"] : [],
    ),
  );
}

/** The types a bound or exact keyword constrains: it says nothing of a value of another type. */
const NUMERIC = ["number", "integer"];
export const CONSTRAINED_TYPES: Record<string, string[]> = {
  minimum: NUMERIC,
  maximum: NUMERIC,
  exclusiveMinimum: NUMERIC,
  exclusiveMaximum: NUMERIC,
  multipleOf: NUMERIC,
  minLength: ["string"],
  maxLength: ["string"],
  pattern: ["string"],
  minItems: ["array"],
  maxItems: ["array"],
  uniqueItems: ["array"],
  minContains: ["array"],
  maxContains: ["array"],
  minProperties: ["object"],
  maxProperties: ["object"],
};

const remembered = documentMemo((doc: Json, node: Located) => flattenNow(doc, node));

/** The merged meaning of the schema at `node` (remembered per document and pointer). */
export function flatten(doc: Json, node: Located): FlatSchema {
  return remembered(doc, node);
}

function flattenNow(doc: Json, node: Located): FlatSchema {
  const flat: FlatSchema = {
    ptr: node.ptr,
    parts: [],
    types: undefined,
    enum: undefined,
    bounds: new Map(),
    exact: new Map(),
    properties: new Map(),
    required: new Map(),
    additional: undefined,
    propertyNames: undefined,
    items: undefined,
    closedItems: undefined,
    witnessed: new Map(),
    readOnly: false,
    writeOnly: false,
    union: undefined,
    deprecated: false,
    sunset: undefined,
  };
  let placed = false;
  const visiting = new Set<string>();
  const visit = (at: Located) => {
    const schema = at.value;
    if (!schema || typeof schema !== "object" || visiting.has(at.ptr)) return;
    visiting.add(at.ptr);
    flat.parts.push(at.ptr);
    if (typeof schema.$ref === "string") visit(follow(doc, { value: { $ref: schema.$ref }, ptr: at.ptr }));
    const parts: Json[] = Array.isArray(schema.allOf) ? schema.allOf : [];
    for (let i = 0; i < parts.length; i++) visit(child(at, "allOf", i));
    merge(flat, schema, at);
    if (!placed && Object.keys(schema).some((k) => k !== "$ref" && k !== "allOf")) {
      flat.ptr = at.ptr;
      placed = true;
    }
  };
  visit(node);
  return flat;
}

function merge(flat: FlatSchema, schema: Json, at: Located) {
  const types = typesOf(schema);
  if (types) {
    const before = flat.types?.value;
    const value = before ? new Set([...types].filter((t) => admits(before, t))) : types;
    flat.types = { value, ptr: at.ptr };
  }
  const values = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : undefined;
  if (values) flat.enum = { value: values, ptr: at.ptr };
  for (const key of LOWER_BOUNDS) tighten(flat, schema, at, key, Math.max);
  for (const key of UPPER_BOUNDS) tighten(flat, schema, at, key, Math.min);
  for (const key of EXACT_CONSTRAINTS) {
    if (schema[key] !== undefined && schema[key] !== false)
      flat.exact.set(key, { value: schema[key], ptr: at.ptr });
  }
  if (schema.properties && typeof schema.properties === "object") {
    for (const name of Object.keys(schema.properties)) {
      if (!flat.properties.has(name)) flat.properties.set(name, child(at, "properties", name));
    }
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required)
      if (!flat.required.has(name)) flat.required.set(name, `${at.ptr}/required`);
  }
  // unevaluatedProperties: false (2020-12) refuses unlisted fields as additionalProperties: false does.
  if (schema.additionalProperties === false || schema.unevaluatedProperties === false) {
    const keyword = schema.additionalProperties === false ? "additionalProperties" : "unevaluatedProperties";
    flat.additional = { value: false, ptr: `${at.ptr}/${keyword}` };
  } else if (
    schema.additionalProperties &&
    typeof schema.additionalProperties === "object" &&
    flat.additional?.value !== false
  ) {
    flat.additional = child(at, "additionalProperties");
  } else if (
    schema.unevaluatedProperties &&
    typeof schema.unevaluatedProperties === "object" &&
    schema.additionalProperties === undefined &&
    flat.additional === undefined
  ) {
    // Without additionalProperties, unevaluatedProperties is the schema of the members nothing else declares.
    flat.additional = child(at, "unevaluatedProperties");
  }
  if (schema.propertyNames) flat.propertyNames = child(at, "propertyNames");
  if (schema.items && typeof schema.items === "object") flat.items = child(at, "items");
  if (schema.items === false) {
    // No item past the tuple's positions: the same values as a `maxItems` of their count.
    const positions = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
    flat.closedItems = `${at.ptr}/items`;
    tighten(flat, { maxItems: positions }, { value: schema, ptr: flat.closedItems }, "maxItems", Math.min);
  }
  for (const key of WITNESSED_KEYWORDS) {
    if (schema[key] === undefined) continue;
    const before = flat.witnessed.get(key);
    // Two parts that both set a keyword both hold: kept together, in the order written.
    const value = before ? [before.value, schema[key]] : schema[key];
    flat.witnessed.set(key, { value, ptr: `${at.ptr}/${key}` });
  }
  if (schema.readOnly === true) flat.readOnly = true;
  if (schema.writeOnly === true) flat.writeOnly = true;
  for (const kind of ["oneOf", "anyOf"] as const) {
    if (!Array.isArray(schema[kind]) || flat.union) continue;
    flat.union = {
      kind,
      variants: schema[kind].map((_: Json, i: number) => child(at, kind, i)),
      ptr: `${at.ptr}/${kind}`,
      discriminator: schema.discriminator?.propertyName,
      mapping: { ...(schema.discriminator?.mapping ?? {}) },
    };
  }
  if (schema.deprecated === true) flat.deprecated = true;
  if (typeof schema["x-sunset"] === "string") flat.sunset = schema["x-sunset"];
}

function tighten(
  flat: FlatSchema,
  schema: Json,
  at: Located,
  key: string,
  pick: (a: number, b: number) => number,
) {
  const value = schema[key];
  if (typeof value !== "number") return;
  const before = flat.bounds.get(key);
  if (!before || pick(before.value, value) === value) flat.bounds.set(key, { value, ptr: at.ptr });
}
