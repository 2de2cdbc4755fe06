import { isObject, type Json } from "./json.js";

export interface Resolved<T> {
  /** The node the references lead to (the node itself when it is no reference). */
  value: T;
  /** The last `$ref` followed, undefined when `node` was no reference. */
  ref: string | undefined;
}

/**
 * Follows local `$ref`s (`#/components/...`) of `doc` from `node` until it reaches an object without one.
 * The one resolver of the repository: every package resolves through it (via the document model).
 */
export function dereference<T = Json>(doc: Json, node: unknown): Resolved<T> {
  let current = node;
  let ref: string | undefined;
  for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
    if (hops > 32) throw new Error(`$ref cycle or chain too long at ${current.$ref}`);
    ref = current.$ref;
    current = pointerGet(doc, ref);
  }
  return { value: current as T, ref };
}

/** `dereference(doc, node).value`. */
export function resolveRef<T = Json>(doc: Json, node: unknown): T {
  return dereference<T>(doc, node).value;
}

function pointerGet(doc: Json, ref: string): unknown {
  if (!ref.startsWith("#/"))
    throw new Error(`only local $refs are supported (bundle the spec first): ${ref}`);
  let value: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isObject(value) || !(key in value)) throw new Error(`unresolved $ref ${ref}`);
    value = value[key];
  }
  return value;
}
