// Schemas written in an earlier JSON Schema dialect (a Schema Object's `$schema`, or the document's
// `jsonSchemaDialect`, naming 2019-09, draft-07, -06 or -04) rewritten as 2020-12 schemas that accept the same
// values, so the comparer and the validator read one dialect: tuple `items` and `additionalItems` become
// `prefixItems` and `items`, `dependencies` `dependentRequired`/`dependentSchemas`, `definitions` `$defs`,
// `$ref` siblings (ignored before 2019-09) are dropped, as are keywords the dialect does not have.
// A dialect not listed here is left as it is, for spec-input.ts to refuse.

import { type Dialect, dialectNamed } from "./dialect-names.js";
import { escapeSegment } from "./diff/pointer.js";
import { isData, NAME_MAPS } from "./spec-input.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** Keywords a dialect does not have: there they are unknown, so they assert nothing. */
const NOT_IN_2019 = ["prefixItems", "$dynamicRef", "$dynamicAnchor"];
const NOT_IN_07 = [
  ...NOT_IN_2019,
  "$anchor",
  "$recursiveRef",
  "$recursiveAnchor",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedItems",
  "unevaluatedProperties",
  "minContains",
  "maxContains",
];
const NOT_IN: Record<Exclude<Dialect, "2020-12">, string[]> = {
  "2019-09": NOT_IN_2019,
  "draft-07": NOT_IN_07,
  "draft-06": [...NOT_IN_07, "if", "then", "else"],
  "draft-04": [...NOT_IN_07, "if", "then", "else", "const", "contains", "propertyNames"],
};
/** What may stand beside a draft-04…07 `$ref`, whose other siblings are ignored: places for schemas and notes. */
const BESIDE_OLD_REF = new Set(["$ref", "definitions", "$defs", "$comment"]);

/** The anchor 2019-09's `$recursiveAnchor: true` becomes (one name: every recursive anchor is the same). */
export const RECURSIVE_ANCHOR = "_recursiveAnchor2019-09";

/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas (2020-12's, after the rewrite). */
const ONE = [
  "additionalProperties",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "not",
  "items",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
];
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAP = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];

export interface InDialect2020<T> {
  doc: T;
  /**
   * Members moved by the rewrite, by the pointer of their schema (as rewritten) and their old name → their new
   * pointer (`…/items` → `…/prefixItems`): a reference written against the old names is read through it.
   */
  moved: Map<string, string>;
}

/** `doc` with every schema of a known earlier dialect rewritten in 2020-12; the same object when there is none. */
export function inDialect2020<T>(doc: T): InDialect2020<T> {
  const moved = new Map<string, string>();
  if (!isObject(doc)) return { doc, moved };
  const named = typeof doc.jsonSchemaDialect === "string" ? dialectNamed(doc.jsonSchemaDialect) : "2020-12";
  if (named === undefined || (named === "2020-12" && !JSON.stringify(doc).includes('"$schema"')))
    return { doc, moved };
  const rewritten = structuredClone(doc);
  const schema = (node: unknown, ptr: string, dialect: Dialect, resource: Json | undefined) => {
    if (!isObject(node)) return;
    let here = dialect;
    if (typeof node.$schema === "string") {
      const declared = dialectNamed(node.$schema);
      if (declared === undefined) return;
      here = declared;
      if (here !== "2020-12") delete node.$schema;
    }
    if (here !== "2020-12")
      rewrite(
        node,
        ptr,
        here,
        typeof node.$id === "string" || typeof node.id === "string" ? node : resource,
        moved,
      );
    const inner = typeof node.$id === "string" ? node : resource;
    for (const key of ONE) schema(node[key], `${ptr}/${key}`, here, inner);
    for (const key of LIST) {
      const list = node[key];
      if (Array.isArray(list))
        for (const [i, item] of list.entries()) schema(item, `${ptr}/${key}/${i}`, here, inner);
    }
    for (const key of MAP) {
      const map = node[key];
      if (isObject(map))
        for (const [name, item] of Object.entries(map))
          schema(item, `${ptr}/${key}/${escapeSegment(name)}`, here, inner);
    }
  };
  /** The document around the schemas: a Schema Object starts at `schema` members and component schemas. */
  const around = (node: unknown, ptr: string, segments: string[]) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    const names = NAME_MAPS.has(segments.at(-1) ?? "");
    for (const [key, item] of Object.entries(node)) {
      if (!names && (key.startsWith("x-") || isData(key, item, segments))) continue;
      const at = `${ptr}/${escapeSegment(key)}`;
      const componentSchema =
        segments.length === 3 && segments[1] === "components" && segments[2] === "schemas";
      if (componentSchema || (!names && !Array.isArray(node) && key === "schema"))
        schema(item, at, named, undefined);
      else around(item, at, [...segments, key]);
    }
  };
  around(rewritten, "", [""]);
  return { doc: rewritten, moved };
}

/** One schema node of `dialect` rewritten in 2020-12 (its subschemas are rewritten after it). */
function rewrite(
  node: Json,
  ptr: string,
  dialect: Exclude<Dialect, "2020-12">,
  resource: Json | undefined,
  moved: Map<string, string>,
) {
  const move = (from: string, to: string) => {
    moved.set(`${ptr}/${from}`, `${ptr}/${to}`);
  };
  for (const key of NOT_IN[dialect]) delete node[key];
  if (dialect === "draft-04") {
    if (typeof node.id === "string") node.$id = node.id;
    delete node.id;
    for (const [exclusive, bound] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ] as const) {
      if (node[exclusive] === true && typeof node[bound] === "number") {
        node[exclusive] = node[bound];
        delete node[bound];
      } else if (typeof node[exclusive] === "boolean") delete node[exclusive];
    }
  }
  if (dialect !== "2019-09") {
    if (typeof node.$ref === "string")
      for (const key of Object.keys(node))
        if (!BESIDE_OLD_REF.has(key) && !key.startsWith("x-")) delete node[key];
    // Before 2019-09 a fragment of `$id` is a plain name: 2020-12's `$anchor`.
    if (typeof node.$id === "string" && node.$id.includes("#")) {
      const [uri = "", anchor = ""] = node.$id.split("#");
      if (anchor !== "") node.$anchor = anchor;
      if (uri === "") delete node.$id;
      else node.$id = uri;
    }
    if (isObject(node.dependencies)) {
      for (const [name, value] of Object.entries(node.dependencies)) {
        const kind = Array.isArray(value) ? "dependentRequired" : "dependentSchemas";
        node[kind] = { ...(isObject(node[kind]) ? node[kind] : {}), [name]: value };
        if (kind === "dependentSchemas")
          move(`dependencies/${escapeSegment(name)}`, `${kind}/${escapeSegment(name)}`);
      }
    }
    delete node.dependencies;
  }
  if (dialect === "2019-09") {
    if (node.$recursiveAnchor === true) node.$dynamicAnchor = RECURSIVE_ANCHOR;
    delete node.$recursiveAnchor;
    if (node.$recursiveRef === "#") {
      // It leads to its resource's root, or, when that root is a recursive anchor, on through the dynamic scope.
      const dynamic = resource === undefined || resource.$dynamicAnchor === RECURSIVE_ANCHOR;
      const ref = dynamic ? { $dynamicRef: `#${RECURSIVE_ANCHOR}` } : { $ref: "#" };
      if (node.$ref === undefined) Object.assign(node, ref);
      else node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), ref];
      delete node.$recursiveRef;
    }
  }
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    move("items", "prefixItems");
    if ("additionalItems" in node) {
      node.items = node.additionalItems;
      move("additionalItems", "items");
    } else delete node.items;
  }
  delete node.additionalItems;
  if (isObject(node.definitions) && node.$defs === undefined) {
    node.$defs = node.definitions;
    delete node.definitions;
    move("definitions", "$defs");
  }
}
