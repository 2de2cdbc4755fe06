import type { Json, Located } from "./types.js";

/** One JSON pointer segment, escaped (`/` → `~1`, `~` → `~0`). */
export const escapeSegment = (key: string) =>
  key.includes("~") || key.includes("/") ? key.replaceAll("~", "~0").replaceAll("/", "~1") : key;

/** The child `key` of a located node. */
export function child(node: Located, ...keys: Array<string | number>): Located {
  let value = node.value;
  let ptr = node.ptr;
  for (const key of keys) {
    value = value && typeof value === "object" ? value[key] : undefined;
    ptr = `${ptr}/${escapeSegment(String(key))}`;
  }
  return { value, ptr };
}

/** The value at a JSON pointer (`/a/b` or `#/a/b`); undefined when missing. */
export function valueAt(doc: Json, pointer: string): Json {
  let value = doc;
  const path = pointer.replace(/^#/, "");
  if (path === "") return doc;
  for (const raw of path.slice(1).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!value || typeof value !== "object" || !(key in value)) return undefined;
    value = value[key];
  }
  return value;
}

/** Follows a chain of local `$ref`s of any length (siblings aside); the pointer becomes the target's. */
export function follow(doc: Json, node: Located): Located {
  let current = node;
  const seen = new Set<string>();
  for (;;) {
    const v = current.value;
    if (!v || typeof v !== "object" || typeof v.$ref !== "string") break;
    const ptr = v.$ref.replace(/^#/, "");
    // A cycle of bare references is refused before comparing (spec-input.ts); here it only stops the walk.
    if (seen.has(ptr)) break;
    seen.add(ptr);
    current = { value: valueAt(doc, ptr), ptr };
  }
  return current;
}

/** Follows a `$ref` only when nothing stands beside it (a schema's siblings add constraints of their own). */
export function followSchema(doc: Json, node: Located): Located {
  const v = node.value;
  return v && typeof v === "object" && Object.keys(v).length === 1 ? follow(doc, node) : node;
}
