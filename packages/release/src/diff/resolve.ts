import type { Json } from "./types.js";

/** Follows local `$ref`s ("#/components/...") of one document; returns the target and the last ref taken. */
export function createResolver(doc: Json) {
  return function resolve(node: Json): { value: Json; ref: string | undefined } {
    let value = node;
    let ref: string | undefined;
    for (let hops = 0; value && typeof value === "object" && typeof value.$ref === "string"; hops++) {
      if (hops > 32) throw new Error(`$ref chain too long at ${value.$ref}`);
      ref = value.$ref as string;
      value = pointer(doc, ref);
    }
    return { value, ref };
  };
}

export type Resolve = ReturnType<typeof createResolver>;

function pointer(doc: Json, ref: string): Json {
  if (!ref.startsWith("#/"))
    throw new Error(`only local $refs are supported (bundle the spec first): ${ref}`);
  let value = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (value === null || typeof value !== "object" || !(key in value))
      throw new Error(`unresolved $ref ${ref}`);
    value = value[key];
  }
  return value;
}
