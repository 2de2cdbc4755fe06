// What judging one operation can read of a bundle: its path item, the document's servers, security and
// security schemes, and every node those name (a `$ref`, a discriminator's mapping, any "#/…" string),
// directly or through other nodes; likewise for one schema. The digests name the results kept by operation
// (compare.ts) and by recorded exchange (recorded-teams.ts), so an edit changes the digests of the operations
// that reach it only, and tell a schema unchanged between two documents (response-promises.ts).
import { createHash } from "node:crypto";
import { escapeSegment, valueAt } from "./pointer.js";
import type { Json } from "./types.js";

/** Digests of what judging a part of a document reads (computed once per document object). */
export interface DocumentReads {
  /** What judging the operations under `paths[path]` reads. */
  operation(path: string): string;
  /**
   * What a schema of the document means: its text and every node it names, directly or through others;
   * undefined when a keyword may name a schema by other means (`$id`, anchors, `$dynamicRef`).
   */
  schema(value: Json): string | undefined;
}

const byDocument = new WeakMap<object, DocumentReads>();
const NAMING = /"\$(id|anchor|dynamicAnchor|dynamicRef|recursiveRef|recursiveAnchor)":/;

export function documentReads(doc: Json): DocumentReads {
  const known = byDocument.get(doc);
  if (known) return known;
  const nodes = new Map<string, { text: string; names: string[] }>();
  const nodeAt = (pointer: string) => {
    let node = nodes.get(pointer);
    if (!node) node = textAndNames(valueAt(doc, pointer));
    nodes.set(pointer, node);
    return node;
  };
  /** A digest of `first` and the nodes `names` reach. */
  const digest = (first: string, names: Iterable<string>) => {
    const reached = new Set(names);
    for (const pointer of reached) for (const name of nodeAt(pointer).names) reached.add(name);
    const hash = createHash("sha256").update(`${first}\n`);
    for (const pointer of [...reached].sort()) hash.update(`${pointer}\n${nodeAt(pointer).text}\n`);
    return hash.digest("hex");
  };
  const operations = new Map<string, string>();
  const schemas = new WeakMap<object, string | undefined>();
  const reads: DocumentReads = {
    operation(path) {
      let found = operations.get(path);
      if (found === undefined) {
        const roots = [
          `/paths/${escapeSegment(path)}`,
          "/servers",
          "/security",
          "/components/securitySchemes",
        ];
        found = digest("", roots);
        operations.set(path, found);
      }
      return found;
    },
    schema(value) {
      if (!value || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
      if (schemas.has(value)) return schemas.get(value);
      const { text, names } = textAndNames(value);
      const found = NAMING.test(text) ? undefined : digest(text, names);
      schemas.set(value, found);
      return found;
    },
  };
  byDocument.set(doc, reads);
  return reads;
}

/** A node's JSON text and the nodes it names. */
function textAndNames(value: Json): { text: string; names: string[] } {
  const names = new Set<string>();
  namesIn(value, names);
  return { text: JSON.stringify(value) ?? "undefined", names: [...names] };
}

/**
 * The nodes `value` names, as pointers: a component as a whole (`/components/schemas/Task`), anything else
 * exactly. A discriminator's mapping may name a schema by its bare name.
 */
function namesIn(value: Json, names: Set<string>): void {
  if (typeof value === "string") {
    if (value.startsWith("#/")) names.add(nodeOf(value));
    return;
  }
  if (!value || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) namesIn(item, names);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "mapping" && item && typeof item === "object" && !Array.isArray(item))
      for (const target of Object.values(item))
        if (typeof target === "string" && !target.startsWith("#"))
          names.add(`/components/schemas/${escapeSegment(target)}`);
    namesIn(item, names);
  }
}

/** The node a local reference reads: its component, or the place itself outside `components`. */
function nodeOf(ref: string): string {
  const segments = ref.slice(1).split("/");
  return segments[1] === "components" ? segments.slice(0, 4).join("/") : segments.join("/");
}
