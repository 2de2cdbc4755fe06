// What judging one operation can read of a bundle: its path item, the document's servers, security and
// security schemes, and every node those name (a `$ref`, a discriminator's mapping, any "#/…" string),
// directly or through other nodes. Its digest names the results kept by operation (compare.ts) and by
// recorded exchange (recorded-teams.ts): an edit changes the digests of the operations that reach it only.
import { createHash } from "node:crypto";
import { escapeSegment, valueAt } from "./pointer.js";
import type { Json } from "./types.js";

/** The digest of what judging the operations under `paths[path]` reads. */
export type OperationReads = (path: string) => string;

const byDocument = new WeakMap<object, OperationReads>();

/** The reads digest of a bundle's operations (computed once per document object). */
export function operationReads(doc: Json): OperationReads {
  const known = byDocument.get(doc);
  if (known) return known;
  const nodes = new Map<string, { text: string; names: string[] }>();
  const nodeAt = (pointer: string) => {
    let node = nodes.get(pointer);
    if (!node) {
      const value = valueAt(doc, pointer);
      const names = new Set<string>();
      namesIn(value, names);
      node = { text: JSON.stringify(value) ?? "undefined", names: [...names] };
      nodes.set(pointer, node);
    }
    return node;
  };
  const digests = new Map<string, string>();
  const reads: OperationReads = (path) => {
    let digest = digests.get(path);
    if (digest === undefined) {
      const reached = new Set([
        `/paths/${escapeSegment(path)}`,
        "/servers",
        "/security",
        "/components/securitySchemes",
      ]);
      for (const pointer of reached) for (const name of nodeAt(pointer).names) reached.add(name);
      const hash = createHash("sha256");
      for (const pointer of [...reached].sort()) hash.update(`${pointer}\n${nodeAt(pointer).text}\n`);
      digest = hash.digest("hex");
      digests.set(path, digest);
    }
    return digest;
  };
  byDocument.set(doc, reads);
  return reads;
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
