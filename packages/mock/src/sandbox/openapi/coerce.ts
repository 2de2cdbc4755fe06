import { isObject } from "@cloud-contract/spec/model";
import { itemAt } from "../../lists.js";

/** Follows `$ref`s of the document (the model's `resolve`). */
export type Resolve = (node: unknown) => unknown;

/** Turns the raw string values of one parameter into the JSON value its schema describes. */
export type Coercer = (raw: string[]) => unknown;

/**
 * Builds the coercer of a parameter from its schema: arrays collect every occurrence (split on commas
 * when the parameter is `explode: false`), integers, numbers and booleans are parsed when the text is
 * one. Text that is not a valid value is passed on as text, so that validation reports it.
 */
export function parameterCoercer(
  resolve: Resolve,
  schema: unknown,
  options: { explode?: boolean; style?: string } = {},
): Coercer {
  const types = schemaTypes(resolve, schema);
  if (types.has("array")) {
    const item = scalarCoercer(schemaTypes(resolve, arrayItems(resolve, schema)));
    const explode = options.explode ?? (options.style === undefined || options.style === "form");
    const separator =
      options.style === "pipeDelimited" ? "|" : options.style === "spaceDelimited" ? " " : ",";
    return (raw) => {
      // A delimited value splits into its items; an empty one (`?ordering=`) holds none.
      const parts = explode ? raw : raw.flatMap((r) => r.split(separator)).filter((part) => part !== "");
      return parts.map(item);
    };
  }
  const scalar = scalarCoercer(types);
  return (raw) => scalar(itemAt(raw, 0));
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function scalarCoercer(types: Set<string>): (text: string) => unknown {
  const integer = types.has("integer");
  const number = types.has("number");
  const boolean = types.has("boolean");
  const nullable = types.has("null") && !types.has("string");
  return (text) => {
    if ((integer || number) && (number ? NUMBER : INTEGER).test(text)) return Number(text);
    if (integer && !number && NUMBER.test(text)) return Number(text); // 1.5 → fails as integer, not as type
    if (boolean && (text === "true" || text === "false")) return text === "true";
    if (nullable && (text === "null" || text === "")) return null;
    return text;
  };
}

/** The JSON types a schema admits at its top level (after $refs; `anyOf`/`oneOf` branches are merged). */
function schemaTypes(resolve: Resolve, schema: unknown): Set<string> {
  const out = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    const s = resolve(node);
    if (!isObject(s) || depth > 8) return;
    if (typeof s.type === "string") out.add(s.type);
    if (Array.isArray(s.type)) for (const t of s.type) out.add(String(t));
    if ("const" in s) out.add(jsonType(s.const));
    if (Array.isArray(s.enum)) for (const v of s.enum) out.add(jsonType(v));
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      const list = s[key];
      if (Array.isArray(list)) for (const branch of list) visit(branch, depth + 1);
    }
  };
  visit(schema, 0);
  return out;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The item schema of an array schema (after $refs and nullable `anyOf` wrappers). */
function arrayItems(resolve: Resolve, schema: unknown): unknown {
  const s = resolve(schema);
  if (!isObject(s)) return undefined;
  if (s.items !== undefined) return s.items;
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = s[key];
    if (Array.isArray(list)) {
      for (const branch of list) {
        const items = arrayItems(resolve, branch);
        if (items !== undefined) return items;
      }
    }
  }
  return undefined;
}
