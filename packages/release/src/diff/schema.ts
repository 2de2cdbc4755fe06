import { type DeprecationPolicy, removalRule, sunsetChanges } from "./deprecation.js";
import { type Difference, distinguish } from "./distinguish.js";
import {
  admits,
  EXACT_CONSTRAINTS,
  type FlatSchema,
  flatten,
  LOWER_BOUNDS,
  UPPER_BOUNDS,
  WITNESSED_KEYWORDS,
} from "./flatten.js";
import { follow } from "./pointer.js";
import type { RuleId } from "./rules.js";
import type { Direction, Json, Located } from "./types.js";
import { matchVariants } from "./variants.js";

/** A change the schema comparer found, before the operation adds itself. */
export interface SchemaChange {
  rule: RuleId;
  message: string;
  before: string;
  after: string;
}

export interface SchemaContext {
  oldDoc: Json;
  newDoc: Json;
  direction: Direction;
  report: (change: SchemaChange) => void;
  /** Pairs of schema pointers already compared (recursive schemas, shared components). */
  seen: Set<string>;
  policy: DeprecationPolicy;
  /** The operation's `x-stability-level`. */
  stability: string;
  /** Changes between two components, by direction, stability and pointers, shared by a whole comparison. */
  pairs: Map<string, SchemaChange[]>;
}

const show = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));
const showTypes = (t: Set<string> | undefined) => (t ? [...t].join(" | ") : "any");

/**
 * Compares two schemas by meaning. A request schema may loosen (old requests stay valid); a response schema
 * may tighten (old reading code stays valid); everything else is judged by the rules' levels.
 */
export function compareSchemas(ctx: SchemaContext, oldNode: Located, newNode: Located): void {
  const key = `${oldNode.ptr}|${newNode.ptr}`;
  if (ctx.seen.has(key)) return;
  ctx.seen.add(key);
  // Two components are compared once per direction and stability level, whichever operation reaches them.
  if (!oldNode.ptr.startsWith("/components/") || !newNode.ptr.startsWith("/components/")) {
    compareNow(ctx, oldNode, newNode);
    return;
  }
  const pairKey = `${ctx.direction}|${ctx.stability}|${key}`;
  const known = ctx.pairs.get(pairKey);
  if (known) {
    for (const change of known) ctx.report(change);
    return;
  }
  const found: SchemaChange[] = [];
  const report = ctx.report;
  const collect = (change: SchemaChange) => {
    found.push(change);
    report(change);
  };
  compareNow({ ...ctx, report: collect }, oldNode, newNode);
  ctx.pairs.set(pairKey, found);
}

function compareNow(ctx: SchemaContext, oldNode: Located, newNode: Located): void {
  const a = flatten(ctx.oldDoc, oldNode);
  const b = flatten(ctx.newDoc, newNode);
  if (a.union && b.union) compareUnions(ctx, a, b, oldNode, newNode);
  else if (isPureUnion(a) || isPureUnion(b)) {
    // A plain schema that became a union (or the reverse) is judged as a union of one.
    compareUnions(ctx, a, b, oldNode, newNode);
    return;
  } else if (a.union || b.union) {
    // A union beside the schema's own shape only constrains it: adding one narrows, dropping one widens.
    const kind = (a.union ?? b.union)?.kind;
    const at: [string, string] = [a.union?.ptr ?? a.ptr, b.union?.ptr ?? b.ptr];
    limit(ctx, b.union !== undefined, a, b, `${kind} constraint ${b.union ? "added" : "dropped"}`, at);
  }
  compareTypes(ctx, a, b);
  compareEnums(ctx, a, b);
  compareLimits(ctx, a, b);
  compareProperties(ctx, a, b);
  compareAdditional(ctx, a, b);
  if (a.propertyNames && b.propertyNames) compareSchemas(ctx, a.propertyNames, b.propertyNames);
  else if (a.propertyNames || b.propertyNames)
    limit(ctx, b.propertyNames !== undefined, a, b, "propertyNames");
  if (a.items && b.items) compareSchemas(ctx, a.items, b.items);
  else if (a.items || b.items)
    limit(ctx, b.items !== undefined, a, b, `items ${b.items ? "constrained" : "unconstrained"}`);
  compareWitnessed(ctx, a, b, oldNode, newNode);
}

/**
 * A keyword of WITNESSED_KEYWORDS written differently. Values built from both schemas and judged by the
 * validator tell whether it narrows, widens or both; when none tells, a keyword added narrows, one dropped
 * widens, and one changed is reported as changed (an error: nothing shows it harmless).
 */
function compareWitnessed(
  ctx: SchemaContext,
  a: FlatSchema,
  b: FlatSchema,
  oldNode: Located,
  newNode: Located,
) {
  let shown: Difference | undefined;
  for (const key of WITNESSED_KEYWORDS) {
    const before = a.witnessed.get(key);
    const after = b.witnessed.get(key);
    if (!before && !after) continue;
    if (before && after && sameMeaning(ctx.oldDoc, before.value, ctx.newDoc, after.value)) continue;
    const change = !before ? "added" : !after ? "dropped" : "changed";
    const at: [string, string] = [before?.ptr ?? a.ptr, after?.ptr ?? b.ptr];
    shown ??= distinguish(ctx.oldDoc, oldNode, ctx.newDoc, newNode);
    if (shown.narrower) limit(ctx, true, a, b, `${key} ${change}`, at);
    if (shown.wider) limit(ctx, false, a, b, `${key} ${change}`, at);
    if (shown.narrower || shown.wider) continue;
    if (change === "changed") emit(ctx, `${ctx.direction}-constraint-changed`, ...at, `${key} changed`);
    else limit(ctx, change === "added", a, b, `${key} ${change}`, at);
  }
}

const ANNOTATION_KEYS = new Set(["title", "description", "examples", "example", "$comment"]);

/** Whether two values mean the same once `$ref`s are followed (a keyword moved behind a `$ref` is no change). */
function sameMeaning(oldDoc: Json, x: unknown, newDoc: Json, y: unknown): boolean {
  const expand = (doc: Json, v: unknown, depth: number): unknown => {
    if (Array.isArray(v)) return v.map((i) => expand(doc, i, depth));
    if (!v || typeof v !== "object") return v;
    const node = v as Json;
    // A chain of bare references counts as one level, however long it is.
    if (typeof node.$ref === "string" && depth < 8) {
      const { $ref: _ref, ...rest } = node;
      const target = follow(doc, { value: { $ref: node.$ref }, ptr: "" }).value;
      return expand(doc, { ...target, ...rest }, depth + 1);
    }
    const out: Json = {};
    for (const key of Object.keys(node).sort()) {
      if (!ANNOTATION_KEYS.has(key) && !key.startsWith("x-")) out[key] = expand(doc, node[key], depth);
    }
    return out;
  };
  return JSON.stringify(expand(oldDoc, x, 0)) === JSON.stringify(expand(newDoc, y, 0));
}

const BOUNDS = [
  ...LOWER_BOUNDS.map((k) => [k, true] as const),
  ...UPPER_BOUNDS.map((k) => [k, false] as const),
];

/** A union that is the whole schema, with no type or fields of its own beside it. */
const isPureUnion = (f: FlatSchema) =>
  f.union !== undefined && f.types === undefined && f.properties.size === 0;

function emit(
  ctx: SchemaContext,
  rule: `${"request" | "response"}-${string}`,
  before: string,
  after: string,
  message: string,
) {
  ctx.report({ rule: rule as RuleId, message, before, after });
}

/** A narrower set of accepted values breaks requests; a wider one surprises readers of responses. */
function limit(
  ctx: SchemaContext,
  narrowed: boolean,
  a: FlatSchema,
  b: FlatSchema,
  message: string,
  at?: [string, string],
) {
  const [before, after] = at ?? [a.ptr, b.ptr];
  emit(ctx, `${ctx.direction}-limit-${narrowed ? "narrowed" : "widened"}`, before, after, message);
}

function compareTypes(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const before = a.types?.value;
  const after = b.types?.value;
  if (!before && !after) return;
  // A union without a type of its own is judged by its variants.
  if ((!before && a.union) || (!after && b.union)) return;
  const change = `type ${showTypes(before)} → ${showTypes(after)}`;
  const at = [a.types?.ptr ?? a.ptr, b.types?.ptr ?? b.ptr] as const;
  const narrowed = !before ? true : !after ? false : [...before].some((t) => !admits(after, t));
  const widened = !after ? true : !before ? false : [...after].some((t) => !admits(before, t));
  if (ctx.direction === "request") {
    if (narrowed) emit(ctx, "request-type-narrowed", ...at, change);
    else if (widened) emit(ctx, "request-type-widened", ...at, change);
    return;
  }
  if (widened) {
    const nullable =
      after?.has("null") &&
      !before?.has("null") &&
      [...(after ?? [])].every((t) => t === "null" || (before && admits(before, t)));
    emit(ctx, nullable ? "response-became-nullable" : "response-type-widened", ...at, change);
  } else if (narrowed) emit(ctx, "response-type-narrowed", ...at, change);
}

function compareEnums(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const before = a.enum?.value;
  const after = b.enum?.value;
  if (!before && !after) return;
  const at = [a.enum?.ptr ?? a.ptr, b.enum?.ptr ?? b.ptr] as const;
  if (!before || !after) {
    limit(
      ctx,
      after !== undefined,
      a,
      b,
      after ? `values restricted to ${show(after)}` : "list of values dropped",
      [...at],
    );
    return;
  }
  const oldValues = new Set(before.map((v) => JSON.stringify(v)));
  const newValues = new Set(after.map((v) => JSON.stringify(v)));
  for (const v of oldValues) {
    if (!newValues.has(v)) emit(ctx, `${ctx.direction}-enum-value-removed`, ...at, `value ${v} removed`);
  }
  for (const v of newValues) {
    if (!oldValues.has(v)) emit(ctx, `${ctx.direction}-enum-value-added`, ...at, `value ${v} added`);
  }
}

function compareLimits(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  if (a.bounds.size + b.bounds.size + a.exact.size + b.exact.size === 0) return;
  for (const [key, lower] of BOUNDS) {
    const before = a.bounds.get(key);
    const after = b.bounds.get(key);
    if (before?.value === after?.value) continue;
    const narrowed = !before
      ? true
      : !after
        ? false
        : lower
          ? after.value > before.value
          : after.value < before.value;
    limit(ctx, narrowed, a, b, `${key} ${show(before?.value)} → ${show(after?.value)}`, [
      before?.ptr ?? a.ptr,
      after?.ptr ?? b.ptr,
    ]);
  }
  for (const key of EXACT_CONSTRAINTS) {
    const before = a.exact.get(key);
    const after = b.exact.get(key);
    if (JSON.stringify(before?.value) === JSON.stringify(after?.value)) continue;
    // A new constraint may refuse what passed before, a dropped one accepts more; one changed may do both
    // (another pattern, a step that is no multiple of the old one), so it is both, and the witness decides.
    const message = `${key} ${show(before?.value)} → ${show(after?.value)}`;
    const at: [string, string] = [before?.ptr ?? a.ptr, after?.ptr ?? b.ptr];
    const changed = before !== undefined && after !== undefined;
    if (changed && key !== "multipleOf") {
      // Another pattern or format: values of each told apart by the validator say which way it goes.
      const alone = (value: unknown, ptr: string): Located => ({
        value: { ...(a.types ? { type: [...a.types.value] } : {}), [key]: value },
        ptr,
      });
      const shown = distinguish(
        ctx.oldDoc,
        alone(before.value, before.ptr),
        ctx.newDoc,
        alone(after.value, after.ptr),
      );
      if (shown.narrower) limit(ctx, true, a, b, message, at);
      if (shown.wider) limit(ctx, false, a, b, message, at);
      if (shown.narrower || shown.wider) continue;
    }
    const widened = !after || (changed && divides(after.value, before.value));
    if (changed && !widened && ctx.direction === "response" && !divides(before.value, after.value))
      limit(ctx, false, a, b, message, at);
    else limit(ctx, !widened, a, b, message, at);
  }
}

/** Whether a `multipleOf` step divides another (every multiple of `of` is a multiple of `step`). */
const divides = (step: unknown, of: unknown) =>
  typeof step === "number" && typeof of === "number" && Number.isInteger(of / step);

function compareProperties(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const request = ctx.direction === "request";
  for (const [name, oldProp] of a.properties) {
    const newProp = b.properties.get(name);
    if (!newProp) {
      const old = flatten(ctx.oldDoc, oldProp);
      // Old requests still carry the field: harmless unless the schema now refuses what it does not list.
      const refused = b.additional?.value === false;
      const plain: RuleId = request
        ? refused
          ? "request-property-removed-refused"
          : "request-property-removed"
        : a.required.has(name)
          ? "response-required-property-removed"
          : "response-optional-property-removed";
      const rule = removalRule(`${ctx.direction}-property`, plain, old, ctx.policy);
      ctx.report({ rule, message: `field "${name}" removed`, before: oldProp.ptr, after: b.ptr });
      continue;
    }
    const wasRequired = a.required.get(name);
    const isRequired = b.required.get(name);
    if (!wasRequired && isRequired) {
      emit(
        ctx,
        request ? "request-property-became-required" : "response-property-became-required",
        oldProp.ptr,
        isRequired,
        `field "${name}" is now required`,
      );
    } else if (wasRequired && !isRequired) {
      emit(
        ctx,
        request ? "request-property-became-optional" : "response-property-became-optional",
        oldProp.ptr,
        [...b.required.values()][0] ?? newProp.ptr,
        `field "${name}" is no longer required`,
      );
    }
    const was = flatten(ctx.oldDoc, oldProp);
    const now = flatten(ctx.newDoc, newProp);
    if (request && now.readOnly && !was.readOnly)
      emit(ctx, "request-property-read-only", oldProp.ptr, newProp.ptr, `field "${name}" is now readOnly`);
    if (!request && now.writeOnly && !was.writeOnly)
      emit(ctx, "response-property-write-only", oldProp.ptr, newProp.ptr, `field "${name}" is now writeOnly`);
    for (const { rule, message } of sunsetChanges(was, now, ctx.stability, ctx.policy)) {
      ctx.report({ rule, message: `field "${name}": ${message}`, before: oldProp.ptr, after: newProp.ptr });
    }
    compareSchemas(ctx, oldProp, newProp);
  }
  // A name `required` lists that no `properties` declares still has to be there.
  for (const [name, list] of b.required) {
    if (a.required.has(name) || a.properties.has(name) || b.properties.has(name)) continue;
    emit(
      ctx,
      request ? "request-property-became-required" : "response-property-became-required",
      a.ptr,
      list,
      `field "${name}" (not declared in properties) is now required`,
    );
  }
  for (const [name, newProp] of b.properties) {
    if (a.properties.has(name)) continue;
    const required = b.required.has(name);
    const rule = !request
      ? "response-property-added"
      : required
        ? "request-property-added-required"
        : "request-property-added-optional";
    emit(ctx, rule, a.ptr, newProp.ptr, `${required ? "required" : "optional"} field "${name}" added`);
  }
}

function compareAdditional(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const closedBefore = a.additional?.value === false;
  const closedAfter = b.additional?.value === false;
  const at: [string, string] = [a.additional?.ptr ?? a.ptr, b.additional?.ptr ?? b.ptr];
  if (closedBefore !== closedAfter) {
    limit(
      ctx,
      closedAfter,
      a,
      b,
      closedAfter ? "extra fields no longer allowed" : "extra fields now allowed",
      at,
    );
    return;
  }
  const before = a.additional;
  const after = b.additional;
  if (before && after && before.value !== false && after.value !== false)
    compareSchemas(ctx, before as Located, after as Located);
  else if (!closedBefore && (before === undefined) !== (after === undefined)) {
    limit(
      ctx,
      after !== undefined,
      a,
      b,
      after ? "extra fields constrained" : "extra fields unconstrained",
      at,
    );
  }
}

/** Compares unions variant by variant; a plain schema facing a union counts as a union of one. */
function compareUnions(ctx: SchemaContext, a: FlatSchema, b: FlatSchema, oldNode: Located, newNode: Located) {
  if (!a.union && !b.union) return;
  const before = a.union?.variants ?? [oldNode];
  const after = b.union?.variants ?? [newNode];
  if (a.union && b.union && a.union.discriminator !== b.union.discriminator) {
    emit(
      ctx,
      `${ctx.direction}-discriminator-changed`,
      a.union.ptr,
      b.union.ptr,
      `discriminator ${show(a.union.discriminator)} → ${show(b.union.discriminator)}`,
    );
  }
  if (a.union && b.union && a.union.discriminator === b.union.discriminator) {
    const gone = Object.keys(a.union.mapping).filter((value) => !(value in (b.union?.mapping ?? {})));
    const target = (ref: string) => (ref.startsWith("#") ? ref : `#/components/schemas/${ref}`);
    const retargeted = Object.entries(a.union.mapping).filter(([value, ref]) => {
      const now = b.union?.mapping[value];
      return now !== undefined && target(now) !== target(ref);
    });
    for (const [value, ref] of retargeted)
      emit(
        ctx,
        `${ctx.direction}-discriminator-changed`,
        a.union.ptr,
        b.union.ptr,
        `discriminator value ${value} now maps to ${b.union.mapping[value]} (was ${ref})`,
      );
    if (gone.length > 0)
      emit(
        ctx,
        `${ctx.direction}-discriminator-changed`,
        a.union.ptr,
        b.union.ptr,
        `discriminator value(s) ${gone.join(", ")} no longer mapped`,
      );
  }
  const match = matchVariants(ctx.oldDoc, ctx.newDoc, before, after, {
    before: a.union?.discriminator,
    after: b.union?.discriminator,
  });
  for (const [x, y] of match.pairs) compareSchemas(ctx, x, y);
  for (const x of match.removed) {
    emit(
      ctx,
      `${ctx.direction}-variant-removed`,
      x.ptr,
      b.union?.ptr ?? b.ptr,
      `variant ${describe(x)} removed`,
    );
  }
  for (const y of match.added) {
    emit(ctx, `${ctx.direction}-variant-added`, a.union?.ptr ?? a.ptr, y.ptr, `variant ${describe(y)} added`);
  }
}

function describe(node: Located): string {
  const ref = node.value?.$ref;
  if (typeof ref === "string") return ref.split("/").pop() ?? ref;
  const title = node.value?.title;
  return typeof title === "string" ? `"${title}"` : node.ptr.split("/").slice(-2).join("/");
}
