// Schemas of earlier dialects (schema-dialects.ts), schemas that name themselves (`$id`, `$anchor`) and
// schemas reached through a dynamic anchor, rewritten as the 2020-12 schemas and JSON pointers into the bundle
// that the comparer and the validators read: each `$ref` inside an `$id` resource, naming one or naming an
// anchor, leads where a validator resolves it; a `$dynamicRef` leads to the outermost schema resource of its
// dynamic scope that declares its `$dynamicAnchor` (JSON Schema 2020-12, 8.2.3.2). Where that differs from
// where the schema it sits in is read when reached directly (a generic list referred to by a resource that
// overrides its item's anchor), the referring schema gets a copy of it, under its own `$defs`, whose
// references lead where they do in that scope. What stays unresolved is refused by spec-input.ts.
import { escapeSegment, valueAt } from "./diff/pointer.js";
import { inDialect2020 } from "./schema-dialects.js";
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

/** A dynamic scope, as what it resolves: each dynamic anchor's name → the outermost schema declaring it. */
type Scope = ReadonlyMap<string, string>;

/** Per resolved bundle: the pointer of each scope copy → the pointer of the schema it copies. */
const COPIES = new WeakMap<object, Map<string, string>>();

/**
 * The place in the user's document a pointer of a resolved bundle stands for: inside a scope copy (under a
 * `$defs/… in scope`), the same place in the schema copied; any other pointer as it is.
 */
export function originalPlace(resolved: unknown, ptr: string): string {
  const copies = isObject(resolved) ? COPIES.get(resolved) : undefined;
  if (!copies) return ptr;
  for (let at = ptr; ; ) {
    // The innermost copy first: a copy made inside a copy stands for a place of the outer copy.
    const copy = [...copies.keys()]
      .filter((c) => at === c || at.startsWith(`${c}/`))
      .sort((x, y) => y.length - x.length)[0];
    if (copy === undefined) return at;
    at = `${copies.get(copy)}${at.slice(copy.length)}`;
  }
}

/** The bundle in 2020-12, with `$id`-scoped, anchor and dynamic references as pointers; unchanged without them. */
export function resolveIdentifiers<T>(input: T): T {
  const { doc, moved } = inDialect2020(input);
  const resources = new Map<string, string>([[DOCUMENT_BASE, ""]]);
  /** The resource each `$id` resource sits in (its base when read from its parent). */
  const parentOf = new Map<string, string>();
  /** The base URI each schema is read under, by pointer. */
  const baseOf = new Map<string, string>();
  /** `base#name` → the pointer of the schema that declares the anchor. */
  const anchors = new Map<string, string>();
  /** Anchors declared twice in one resource: a reference to them leads nowhere certain. */
  const twice = new Set<string>();
  /** A resource's dynamic anchors: base → name → pointer. */
  const dynamicIn = new Map<string, Map<string, string>>();
  let named = moved.size > 0;
  /** The base of the nearest schema around `ptr` (names maps and lists have none of their own). */
  const enclosingBase = (ptr: string): string => {
    for (let at = ptr.slice(0, ptr.lastIndexOf("/")); at !== ""; at = at.slice(0, at.lastIndexOf("/"))) {
      const base = baseOf.get(at);
      if (base !== undefined) return base;
    }
    return DOCUMENT_BASE;
  };
  walk(doc, (node, ptr, base) => {
    baseOf.set(ptr, base);
    if (typeof node.$id === "string") {
      parentOf.set(base, enclosingBase(ptr));
      resources.set(base, ptr);
      named = true;
    }
    if (typeof node.$dynamicRef === "string") named = true;
    if (typeof node.$ref === "string" && !node.$ref.startsWith("#/")) named = true;
    for (const name of [node.$anchor, node.$dynamicAnchor]) {
      if (typeof name !== "string") continue;
      const key = `${base}#${name}`;
      if (anchors.has(key) && anchors.get(key) !== ptr) twice.add(key);
      anchors.set(key, ptr);
    }
    if (typeof node.$dynamicAnchor === "string") {
      const own = dynamicIn.get(base) ?? new Map<string, string>();
      own.set(node.$dynamicAnchor, ptr);
      dynamicIn.set(base, own);
    }
  });
  if (!named) return doc;
  /** A fragment's pointer read under `root`, through the members the dialect rewrite moved. */
  const relocated = (root: string, fragment: string) => {
    let at = root;
    for (const segment of fragment.split("/").slice(1)) {
      const next = `${at}/${segment}`;
      at = moved.get(next) ?? next;
    }
    return at;
  };
  /** Where a reference read under `base` leads in the bundle, if it leads into it. */
  const pointerOf = (ref: string, base: string): string | undefined => {
    const url = new URL(ref, base);
    const root = resources.get(withoutFragment(url));
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (root === undefined) return undefined;
    if (fragment === "" || fragment.startsWith("/")) return relocated(root, fragment);
    const key = `${withoutFragment(url)}#${fragment}`;
    return twice.has(key) ? undefined : anchors.get(key);
  };
  const resolved = structuredClone(doc);
  walk(resolved, (node, _ptr, base) => {
    // A plain pointer read from the document's root needs no rewriting (nor re-encoding) unless members moved.
    if (
      typeof node.$ref === "string" &&
      !(base === DOCUMENT_BASE && node.$ref.startsWith("#/") && moved.size === 0)
    ) {
      const ptr = pointerOf(node.$ref, base);
      if (ptr !== undefined) node.$ref = fragmentOf(ptr);
    }
    delete node.$id;
  });
  /** Names of dynamic anchors declared in more than one resource: where a reference to them leads depends on the scope. */
  const scoped = new Set<string>();
  const declaring = new Map<string, number>();
  for (const own of dynamicIn.values())
    for (const name of own.keys()) declaring.set(name, (declaring.get(name) ?? 0) + 1);
  for (const [name, count] of declaring) if (count > 1) scoped.add(name);
  /** The dynamic scope once the resource `base` is entered: its anchors count where no outer one did. */
  const enter = (scope: Scope, base: string): Scope => {
    const own = dynamicIn.get(base);
    if (!own || [...own.keys()].every((name) => !scoped.has(name) || scope.has(name))) return scope;
    const next = new Map(scope);
    for (const [name, ptr] of own) if (scoped.has(name) && !next.has(name)) next.set(name, ptr);
    return next;
  };
  /** The scope a schema is read in when reached where it stands: its resource and those around it. */
  const lexical = (base: string): Scope => {
    const outer = parentOf.get(base);
    return enter(base === DOCUMENT_BASE || outer === undefined ? new Map() : lexical(outer), base);
  };
  /** Where a `$dynamicRef` under `base` leads in `scope`: the outermost anchor, when it names a dynamic anchor. */
  const dynamicTarget = (ref: string, base: string, scope: Scope): string | undefined => {
    const target = pointerOf(ref, base);
    if (target === undefined) return undefined;
    const name = new URL(ref, base).hash.slice(1);
    const declares = valueAt(pristine, `#${target}`)?.$dynamicAnchor === name;
    return declares ? (scope.get(name) ?? target) : target;
  };
  const pristine = structuredClone(resolved);
  /** The scoped anchor names a schema's evaluation can meet (through references), by pointer. */
  const meets = new Map<string, Set<string>>();
  const namesMet = (from: string): Set<string> => {
    const known = meets.get(from);
    if (known) return known;
    const found = new Set<string>();
    const seen = new Set<string>([from]);
    const next = [from];
    const reach = (ptr: string) => {
      if (!seen.has(ptr)) next.push(ptr);
      seen.add(ptr);
    };
    for (let ptr = next.pop(); ptr !== undefined; ptr = next.pop()) {
      const at = ptr;
      walk(valueAt(pristine, `#${at}`), (node, rel) => {
        if (typeof node.$dynamicRef === "string") {
          const name = new URL(node.$dynamicRef, baseOf.get(at + rel) ?? DOCUMENT_BASE).hash.slice(1);
          if (scoped.has(name)) {
            found.add(name);
            for (const own of dynamicIn.values()) {
              const candidate = own.get(name);
              if (candidate !== undefined) reach(candidate);
            }
          }
        }
        if (typeof node.$ref === "string" && node.$ref.startsWith("#/"))
          reach(decodeURIComponent(node.$ref.slice(1)));
      });
    }
    meets.set(from, found);
    return found;
  };
  const same = (a: Scope, b: Scope, names: Set<string>) => [...names].every((n) => a.get(n) === b.get(n));
  /** Copies made, by the schema copied and the scope it is read in. */
  const copies = new Map<string, string>();
  const made = new WeakSet<object>();
  const origins = new Map<string, string>();
  /** The pointer of the schema at `ptr` as read in `scope`: itself, or a copy under `site`'s `$defs`. */
  const readIn = (ptr: string, scope: Scope, site: Json, sitePtr: string): string => {
    if (scoped.size === 0) return ptr;
    const names = namesMet(ptr);
    const base = baseOf.get(ptr) ?? DOCUMENT_BASE;
    if (names.size === 0 || same(scope, lexical(base), names)) return ptr;
    const key = `${ptr} ${JSON.stringify([...names].sort().map((n) => scope.get(n)))}`;
    const known = copies.get(key);
    if (known !== undefined) return known;
    const defs = isObject(site.$defs) ? site.$defs : {};
    site.$defs = defs;
    let name = `${ptr.split("/").at(-1)} in scope`;
    for (let i = 2; name in defs; i++) name = `${ptr.split("/").at(-1)} in scope ${i}`;
    const copy: unknown = structuredClone(valueAt(pristine, `#${ptr}`));
    if (isObject(copy)) made.add(copy);
    defs[name] = copy;
    const at = `${sitePtr}/$defs/${escapeSegment(name)}`;
    copies.set(key, at);
    origins.set(at, ptr);
    resolveDynamic(copy, at, ptr, scope);
    return at;
  };
  /** Rewrites the dynamic references under `node` (standing at `at`, a copy of `origin`'s) as read in `scope`. */
  const resolveDynamic = (node: unknown, at: string, origin: string, outer: Scope) => {
    if (!isObject(node)) return;
    const segments = origin.split("/");
    const names = NAME_MAPS.has(segments.at(-1) ?? "");
    const array = Array.isArray(node);
    const base = baseOf.get(origin) ?? DOCUMENT_BASE;
    const scope = names || array ? outer : enter(outer, base);
    if (!names && !array) {
      if (typeof node.$dynamicRef === "string") {
        const target = dynamicTarget(node.$dynamicRef, base, scope);
        if (target !== undefined) {
          const ref = fragmentOf(target);
          if (node.$ref === undefined) node.$ref = ref;
          else node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { $ref: ref }];
          delete node.$dynamicRef;
        }
      }
      if (typeof node.$dynamicAnchor === "string" && scoped.has(node.$dynamicAnchor))
        delete node.$dynamicAnchor;
      if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) {
        const target = decodeURIComponent(node.$ref.slice(1));
        const read = readIn(target, enter(scope, baseOf.get(target) ?? DOCUMENT_BASE), node, at);
        if (read !== target) node.$ref = fragmentOf(read);
      }
    }
    for (const [key, item] of Object.entries(node)) {
      if (!names && !array && isData(key, item, segments)) continue;
      // Copies this pass added are read already.
      if (isObject(item) && made.has(item)) continue;
      const segment = escapeSegment(key);
      resolveDynamic(item, `${at}/${segment}`, `${origin}/${segment}`, scope);
    }
  };
  resolveDynamic(resolved, "", "", new Map());
  if (origins.size > 0 && isObject(resolved)) COPIES.set(resolved, origins);
  return resolved;
}
