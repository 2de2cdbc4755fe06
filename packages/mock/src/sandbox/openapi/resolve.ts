import type { OpenApiDocument } from "../../bundle.js";

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Follows local `$ref`s (`#/components/...`) until it reaches an object without one. */
export function resolveRef<T = Json>(doc: OpenApiDocument, node: unknown): T {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === "string"; depth++) {
    if (depth > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    current = pointerGet(doc, current.$ref);
  }
  return current as T;
}

function pointerGet(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${ref}`);
  let value: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isObject(value) || !(key in value)) throw new Error(`unresolvable $ref ${ref}`);
    value = value[key];
  }
  return value;
}

/** The JSON types a schema admits at its top level (after $refs; `anyOf`/`oneOf` branches are merged). */
export function schemaTypes(doc: OpenApiDocument, schema: unknown): Set<string> {
  const out = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    const s = resolveRef(doc, node);
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
export function arrayItems(doc: OpenApiDocument, schema: unknown): unknown {
  const s = resolveRef(doc, schema);
  if (!isObject(s)) return undefined;
  if (s.items !== undefined) return s.items;
  for (const key of ["anyOf", "oneOf"] as const) {
    const list = s[key];
    if (Array.isArray(list)) {
      for (const branch of list) {
        const items = arrayItems(doc, branch);
        if (items !== undefined) return items;
      }
    }
  }
  return undefined;
}
