import { documentMemo } from "./memo.js";
import { follow } from "./pointer.js";
import type { Json, Located } from "./types.js";

/** Keywords that describe a schema without changing what it accepts. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "example",
  "deprecated",
  "$comment",
  "readOnly",
  "writeOnly",
]);
const MAX_DEPTH = 6;
/** Lists whose order means nothing: a union's variants, allOf parts, enum values, required names, types. */
const UNORDERED = /\/(oneOf|anyOf|allOf|enum|required|type)$/;

/**
 * The facts of what a schema accepts, as `path=value` strings: `$ref`s followed, annotations (title,
 * description, examples, `x-*`) dropped. Two variants with the same facts accept the same values.
 */
export function acceptanceFacts(doc: Json, node: Located): Set<string> {
  return remembered(doc, node);
}

const remembered = documentMemo((doc: Json, node: Located) => factsNow(doc, node));

function factsNow(doc: Json, node: Located): Set<string> {
  const facts = new Set<string>();
  const walk = (value: Json, path: string, depth: number, refs: Set<string>) => {
    if (value === null || typeof value !== "object") {
      facts.add(`${path}=${JSON.stringify(value)}`);
      return;
    }
    if (typeof value.$ref === "string") {
      if (refs.has(value.$ref) || depth > MAX_DEPTH) {
        facts.add(`${path}=$ref:${value.$ref}`);
        return;
      }
      // A chain of bare references counts as one hop, however long it is.
      const target = follow(doc, { value: { $ref: value.$ref }, ptr: "" });
      walk(target.value, path, depth + 1, new Set([...refs, value.$ref, `#${target.ptr}`]));
    }
    if (Array.isArray(value)) {
      const sortable = UNORDERED.test(path);
      for (const [i, item] of value.entries())
        walk(item, sortable ? `${path}[]` : `${path}/${i}`, depth, refs);
      if (value.length === 0) facts.add(`${path}=[]`);
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" || ANNOTATIONS.has(key) || key.startsWith("x-")) continue;
      // allOf parts all hold at once: their facts are the schema's own, as a merged schema's would be.
      if (key === "allOf" && Array.isArray(item)) {
        for (const part of item) walk(part, path, depth, refs);
        continue;
      }
      walk(item, `${path}/${key}`, depth, refs);
    }
  };
  walk(node.value, "", 0, new Set());
  return facts;
}

/** Whether every fact of `a` is one of `b`'s: `b` is `a` with constraints added (or `a` is `b` with some removed). */
function within(a: Set<string>, b: Set<string>): boolean {
  for (const fact of a) if (!b.has(fact)) return false;
  return true;
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let common = 0;
  for (const fact of a) if (b.has(fact)) common++;
  return common / (a.size + b.size - common);
}

/** A variant's discriminating value: its `const` (or single `enum`) on the discriminator property. */
function discriminatorValue(doc: Json, node: Located, property: string | undefined): string | undefined {
  if (!property) return undefined;
  const schema = follow(doc, node).value;
  const prop = follow(doc, { value: schema?.properties?.[property], ptr: "" }).value;
  if (prop && "const" in prop) return JSON.stringify(prop.const);
  if (Array.isArray(prop?.enum) && prop.enum.length === 1) return JSON.stringify(prop.enum[0]);
  return undefined;
}

export interface VariantMatch {
  pairs: Array<[Located, Located]>;
  removed: Located[];
  added: Located[];
}

/** Below this share of common facts two variants are different choices, not one choice edited. */
const SAME_VARIANT = 0.5;

/**
 * Pairs the variants of two unions by what they accept, never by position or title: first by discriminator
 * value, then by identical facts, then where one side's facts all hold on the other (a variant whose bounds were
 * removed or added, however small it is), then by the most facts in common; the last one left on each side
 * is that variant edited.
 */
export function matchVariants(
  oldDoc: Json,
  newDoc: Json,
  before: Located[],
  after: Located[],
  discriminator: { before: string | undefined; after: string | undefined },
): VariantMatch {
  const pairs: Array<[Located, Located]> = [];
  const left = before.map((node) => ({
    node,
    facts: acceptanceFacts(oldDoc, node),
    tag: discriminatorValue(oldDoc, node, discriminator.before),
  }));
  const right = after.map((node) => ({
    node,
    facts: acceptanceFacts(newDoc, node),
    tag: discriminatorValue(newDoc, node, discriminator.after),
  }));
  const take = (test: (l: (typeof left)[number], r: (typeof right)[number]) => boolean) => {
    for (let i = 0; i < left.length; i++) {
      const l = left[i];
      const j = right.findIndex((r) => l !== undefined && test(l, r));
      const r = right[j];
      if (l === undefined || r === undefined) continue;
      pairs.push([l.node, r.node]);
      left.splice(i--, 1);
      right.splice(j, 1);
    }
  };
  take((l, r) => l.tag !== undefined && l.tag === r.tag);
  take((l, r) => l.facts.size === r.facts.size && similarity(l.facts, r.facts) === 1);
  // Among the pairs `eligible` allows, the ones with the most facts in common first.
  const takeClosest = (eligible: (l: (typeof left)[number], r: (typeof right)[number]) => boolean) => {
    const scored = left
      .flatMap((l) => right.map((r) => ({ l, r, score: similarity(l.facts, r.facts) })))
      .filter((s) => eligible(s.l, s.r))
      .sort((a, b) => b.score - a.score);
    for (const { l, r } of scored) {
      if (!left.includes(l) || !right.includes(r)) continue;
      pairs.push([l.node, r.node]);
      left.splice(left.indexOf(l), 1);
      right.splice(right.indexOf(r), 1);
    }
  };
  takeClosest((l, r) => within(r.facts, l.facts) || within(l.facts, r.facts));
  takeClosest((l, r) => similarity(l.facts, r.facts) >= SAME_VARIANT);
  // One variant left on each side once the rest are paired: the one that was edited, compared as such.
  if (left.length === 1 && right.length === 1) takeClosest(() => true);
  return { pairs, removed: left.map((l) => l.node), added: right.map((r) => r.node) };
}
