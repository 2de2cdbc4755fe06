// What a recorded answer tells about a consumer: every field it received is one it may read. Walking the
// recorded body beside the released and the candidate response schemas says which of those fields the
// candidate no longer promises (removed, now writeOnly) or promises with a wider type, format or enum.
import type { DocumentModel } from "@cloud-contract/spec/document";
import { admits, flatten } from "./diff/flatten.js";
import { documentMemo } from "./diff/memo.js";
import { documentReads } from "./diff/operation-reads.js";
import { child, escapeSegment, follow } from "./diff/pointer.js";
import type { Json, Located } from "./diff/types.js";

/** One received field whose promise changed: its place in the body and what changed. */
export interface PromiseChange {
  pointer: string;
  message: string;
}

/** A schema of one side, with the model that checks values against it. */
export interface Side {
  model: DocumentModel;
  schema: Located;
}

/** A body deeper than this is not walked further (a recorded value is finite; this keeps the walk short). */
const MAX_DEPTH = 64;

/** How many items of an array are judged whatever their fields (the rest only when their fields differ). */
const ITEMS_ALWAYS_JUDGED = 16;

/** The changes of promise for each field of `value`, once per place (array items are judged alike). */
export function promiseChanges(released: Side, candidate: Side, value: unknown): PromiseChange[] {
  const found = new Map<string, PromiseChange>();
  const readsThen = documentReads(released.model.doc);
  const readsNow = documentReads(candidate.model.doc);
  /** Two schemas that read the same (their text and all they refer to): no field below them changed its promise. */
  const unchanged = (before: Located, after: Located) => {
    const then = readsThen.schema(before.value);
    return then !== undefined && then === readsNow.schema(after.value);
  };
  const walk = (
    before: Located,
    after: Located,
    at: unknown,
    pointer: string,
    shape: string,
    depth: number,
  ) => {
    if (depth > MAX_DEPTH || unchanged(before, after)) return;
    const was = meaning(released.model, before, at);
    const now = meaning(candidate.model, after, at);
    const note = (message: string, where = pointer, place = shape) => {
      if (!found.has(`${place} ${message}`))
        found.set(`${place} ${message}`, { pointer: where || "/", message });
    };
    for (const message of widenedOnce(was, now)) note(message);
    if (Array.isArray(at)) {
      const { items: wasItems } = was;
      const { items: nowItems } = now;
      if (!wasItems || !nowItems) return;
      // Items are judged alike: the first ones, then each whose own fields differ from all seen before.
      const seen = new Set<string>();
      for (const [i, item] of at.entries()) {
        const kind = item !== null && typeof item === "object" ? Object.keys(item).join(",") : typeof item;
        if (i >= ITEMS_ALWAYS_JUDGED && seen.has(kind)) continue;
        seen.add(kind);
        walk(wasItems, nowItems, item, `${pointer}/${i}`, `${shape}/*`, depth + 1);
      }
      return;
    }
    if (at === null || typeof at !== "object") return;
    for (const [name, item] of Object.entries(at as Json)) {
      const promised = was.properties.get(name);
      if (!promised) continue;
      const field = `${pointer}/${escapeSegment(name)}`;
      const kept = now.properties.get(name);
      if (!kept) {
        note(
          `field "${name}" is no longer in the candidate's schema, and the recorded answer carries it`,
          field,
          `${shape}/${name}`,
        );
        continue;
      }
      if (writeOnly(candidate.model.doc, kept) && !writeOnly(released.model.doc, promised)) {
        note(`field "${name}" is now writeOnly: the candidate no longer sends it`, field, `${shape}/${name}`);
        continue;
      }
      walk(promised, kept, item, field, `${shape}/${name}`, depth + 1);
    }
  };
  walk(released.schema, candidate.schema, value, "", "", 0);
  return [...found.values()];
}

/** What a schema promises about one value: its flattened parts, with the union variant the value matches. */
interface Meaning {
  types: Set<string> | undefined;
  format: unknown;
  enum: unknown[] | undefined;
  properties: Map<string, Located>;
  items: Located | undefined;
  /** The variants of its `oneOf`/`anyOf`, of which the value's own is judged too. */
  variants: Located[] | undefined;
}

/** A schema's own meaning, the same for every value (remembered per document and pointer). */
const ownMeaning = documentMemo((doc: Json, node: Located): Meaning => {
  const flat = flatten(doc, node);
  return {
    types: flat.types?.value,
    format: flat.exact.get("format")?.value,
    enum: flat.enum?.value,
    properties: flat.properties,
    items: flat.items,
    variants: flat.union?.variants,
  };
});

/** Meanings narrowed by a variant, by the schema's own and the variant's: one object per pair (see widenedOnce). */
const narrowings = new WeakMap<Meaning, WeakMap<Meaning, Meaning>>();

/** The meaning for `value`: the schema's own, narrowed by the union variant the value matches. */
function meaning(model: DocumentModel, node: Located, value: unknown, hops = 0): Meaning {
  const own = ownMeaning(model.doc, node);
  const variant = hops < 8 ? own.variants?.find((v) => model.compile(v.value)(value).valid) : undefined;
  if (!variant) return own;
  const inner = meaning(model, variant, value, hops + 1);
  let byInner = narrowings.get(own);
  if (!byInner) {
    byInner = new WeakMap();
    narrowings.set(own, byInner);
  }
  let narrowed = byInner.get(inner);
  if (!narrowed) {
    narrowed = narrow(own, inner);
    byInner.set(inner, narrowed);
  }
  return narrowed;
}

/** A schema's own meaning narrowed by the meaning of the variant a value matches. */
function narrow(own: Meaning, inner: Meaning): Meaning {
  const ownTypes = own.types;
  return {
    types:
      ownTypes && inner.types
        ? new Set([...inner.types].filter((t) => admits(ownTypes, t)))
        : (inner.types ?? own.types),
    format: inner.format ?? own.format,
    enum: inner.enum ?? own.enum,
    properties: new Map([...own.properties, ...inner.properties]),
    items: inner.items ?? own.items,
    variants: undefined,
  };
}

/** The messages of `widened`, once per pair of meanings that hold for every value. */
const widenings = new WeakMap<Meaning, WeakMap<Meaning, string[]>>();
function widenedOnce(was: Meaning, now: Meaning): string[] {
  let byNow = widenings.get(was);
  if (!byNow) {
    byNow = new WeakMap();
    widenings.set(was, byNow);
  }
  let messages = byNow.get(now);
  if (!messages) {
    messages = [...widened(was, now)];
    byNow.set(now, messages);
  }
  return messages;
}

/** Where the candidate may now send what the released contract did not: another type, format or enum. */
function* widened(was: Meaning, now: Meaning): Generator<string> {
  const list = (types: Set<string> | undefined) => (types ? [...types].sort().join(" | ") : "any type");
  const wasTypes = was.types;
  if (wasTypes && (!now.types || [...now.types].some((t) => !admits(wasTypes, t)))) {
    const nullable = now.types?.has("null") && !wasTypes.has("null");
    yield nullable
      ? `now nullable (${list(now.types)}, was ${list(was.types)})`
      : `now promises ${list(now.types)} (was ${list(was.types)})`;
  }
  if (was.format !== undefined && now.format !== was.format)
    yield `format now ${now.format === undefined ? "unstated" : String(now.format)} (was ${String(was.format)})`;
  if (was.enum) {
    const extra = now.enum
      ? now.enum.filter((v) => !was.enum?.some((w) => JSON.stringify(w) === JSON.stringify(v)))
      : undefined;
    if (!now.enum) yield `no longer limited to ${JSON.stringify(was.enum)}`;
    else if (extra && extra.length > 0) yield `may now be ${extra.map((v) => JSON.stringify(v)).join(", ")}`;
  }
}

/** Whether a property is marked writeOnly, on itself, behind its `$ref` or in an `allOf` part (remembered). */
const writeOnly = documentMemo((doc: Json, node: Located) => markedWriteOnly(doc, node));

function markedWriteOnly(doc: Json, node: Located, depth = 0): boolean {
  const target = follow(doc, node);
  if (node.value?.writeOnly === true || target.value?.writeOnly === true) return true;
  const parts: Json[] = Array.isArray(target.value?.allOf) && depth < 8 ? target.value.allOf : [];
  return parts.some((_, i) => markedWriteOnly(doc, child(target, "allOf", i), depth + 1));
}
