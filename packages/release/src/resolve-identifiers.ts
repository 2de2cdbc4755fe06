// Schemas that name themselves (`$id`, `$anchor`) or are reached through a dynamic anchor, rewritten as the
// JSON pointers into the bundle that the comparer and the validators read: each `$ref` inside an `$id`
// resource, naming one or naming an anchor, leads where a validator resolves it; a `$dynamicRef` whose resource declares the
// only `$dynamicAnchor` of its name leads there whatever the dynamic scope. What stays unresolved (another
// `$dynamicAnchor` of the name elsewhere) is refused by spec-input.ts.
import { escapeSegment } from "./diff/pointer.js";
import { isData, NAME_MAPS } from "./spec-input.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object";

/** The base URI of the bundle itself: a `#/…` pointer outside every `$id` is read from the document's root. */
const DOCUMENT_BASE = "https://bundle.invalid/openapi.json";

/** Every schema-bearing node with its pointer and the base URI it is read under (members that are names or data skipped). */
function walk(value: unknown, visit: (node: Json, ptr: string, base: string) => void): void {
  const step = (node: unknown, ptr: string, base: string) => {
    if (!isObject(node)) return;
    const segments = ptr.split("/");
    const named = NAME_MAPS.has(segments.at(-1) ?? "");
    const array = Array.isArray(node);
    const here =
      !named && !array && typeof node.$id === "string" ? withoutFragment(new URL(node.$id, base)) : base;
    if (!named && !array) visit(node, ptr, here);
    for (const [key, item] of Object.entries(node)) {
      if (!named && !array && isData(key, item, segments)) continue;
      step(item, `${ptr}/${escapeSegment(key)}`, here);
    }
  };
  step(value, "", DOCUMENT_BASE);
}

const withoutFragment = (url: URL) => url.href.replace(/#.*$/, "");
/** A pointer as a `$ref`: read back through decodeURIComponent, so only `%` needs escaping. */
const fragmentOf = (ptr: string) => `#${ptr.replaceAll("%", "%25")}`;

/** The bundle with `$id`-scoped and anchor references and single-anchor `$dynamicRef`s as pointers; unchanged without them. */
export function resolveIdentifiers<T>(doc: T): T {
  const resources = new Map<string, string>([[DOCUMENT_BASE, ""]]);
  /** `base#name` → the pointer of the schema that declares the anchor. */
  const anchors = new Map<string, string>();
  /** A dynamic anchor's name → the pointers of every schema that declares it. */
  const dynamic = new Map<string, string[]>();
  let named = false;
  walk(doc, (node, ptr, base) => {
    if (typeof node.$id === "string") {
      resources.set(base, ptr);
      named = true;
    }
    if (typeof node.$dynamicRef === "string") named = true;
    if (typeof node.$ref === "string" && !node.$ref.startsWith("#/")) named = true;
    if (typeof node.$anchor === "string") anchors.set(`${base}#${node.$anchor}`, ptr);
    if (typeof node.$dynamicAnchor === "string") {
      anchors.set(`${base}#${node.$dynamicAnchor}`, ptr);
      dynamic.set(node.$dynamicAnchor, [...(dynamic.get(node.$dynamicAnchor) ?? []), ptr]);
    }
  });
  if (!named) return doc;
  /** Where a reference read under `base` leads in the bundle, if it leads into it. */
  const pointerOf = (ref: string, base: string): string | undefined => {
    const url = new URL(ref, base);
    const root = resources.get(withoutFragment(url));
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (root === undefined) return undefined;
    if (fragment === "" || fragment.startsWith("/")) return root + fragment;
    return anchors.get(`${withoutFragment(url)}#${fragment}`);
  };
  const resolved = structuredClone(doc);
  walk(resolved, (node, _ptr, base) => {
    // A plain pointer read from the document's root needs no rewriting (nor re-encoding).
    if (typeof node.$ref === "string" && !(base === DOCUMENT_BASE && node.$ref.startsWith("#/"))) {
      const ptr = pointerOf(node.$ref, base);
      if (ptr !== undefined) node.$ref = fragmentOf(ptr);
    }
    if (typeof node.$dynamicRef === "string" && node.$ref === undefined) {
      const name = new URL(node.$dynamicRef, base).hash.slice(1);
      const only = dynamic.get(name);
      const ptr = pointerOf(node.$dynamicRef, base);
      if (ptr !== undefined && only?.length === 1 && ptr === only[0]) {
        delete node.$dynamicRef;
        node.$ref = fragmentOf(ptr);
      }
    }
    delete node.$id;
  });
  return resolved;
}
