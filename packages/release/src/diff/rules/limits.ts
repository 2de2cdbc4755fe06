// Limits of accepted values: bounds, pattern, format, multipleOf, extra fields, and the keywords told apart
// by constructed values (not, if/then/else, contains, dependent*, patternProperties, prefixItems).
import { type Difference, distinguish } from "../distinguish.js";
import {
  CONSTRAINED_TYPES,
  EXACT_CONSTRAINTS,
  type FlatSchema,
  LOWER_BOUNDS,
  typesWithin,
  UPPER_BOUNDS,
  WITNESSED_KEYWORDS,
} from "../flatten.js";
import { escapeSegment, follow } from "../pointer.js";
import type { Change, SchemaContext } from "../scope.js";
import type { Json, Located } from "../types.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "request-limit-narrowed": {
    level: "error",
    summary: "a request limit (length, range, pattern, format, extra fields) is stricter",
  },
  "request-limit-widened": { level: "info", summary: "a request limit is looser" },
  "response-limit-widened": {
    level: "error",
    summary: "a response limit is looser (an error when a witness proves it)",
  },
  "response-limit-narrowed": { level: "info", summary: "a response limit is stricter" },
  "request-constraint-changed": {
    level: "error",
    summary:
      "a request keyword the comparer does not model changed (not, if, contains, …): judged by its witness",
  },
  "response-constraint-changed": {
    level: "error",
    summary:
      "a response keyword the comparer does not model changed (not, if, contains, …): judged by its witness",
  },
} as const;

/** Proved by values built from the change (construct.ts), not by an exchange. */
export const limitRules: RuleFamily<keyof typeof RULES> = { family: "limits", rules: RULES, exchanges: {} };

const NARROWED = { request: "request-limit-narrowed", response: "response-limit-narrowed" } as const;
const WIDENED = { request: "request-limit-widened", response: "response-limit-widened" } as const;
const CONSTRAINT_CHANGED = {
  request: "request-constraint-changed",
  response: "response-constraint-changed",
} as const;

const show = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));

/** A narrower set of accepted values breaks requests; a wider one surprises readers of responses. */
export function limit(
  ctx: SchemaContext,
  narrowed: boolean,
  a: FlatSchema,
  b: FlatSchema,
  message: string,
  at?: [string, string],
) {
  const [before, after] = at ?? [a.ptr, b.ptr];
  const rule = (narrowed ? NARROWED : WIDENED)[ctx.direction];
  ctx.report({ rule, message, before, after });
}

const BOUNDS = [
  ...LOWER_BOUNDS.map((k) => [k, true] as const),
  ...UPPER_BOUNDS.map((k) => [k, false] as const),
];

/** Whether a `multipleOf` step divides another (every multiple of `of` is a multiple of `step`). */
const divides = (step: unknown, of: unknown) =>
  typeof step === "number" && typeof of === "number" && Number.isInteger(of / step);

export function compareLimits(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  if (a.bounds.size + b.bounds.size + a.exact.size + b.exact.size === 0) return;
  // Read within the types of the schema around it, a keyword of another type constrains nothing here.
  const old = ctx.within && typesWithin(a.types?.value, ctx.within.old);
  const now = ctx.within && typesWithin(b.types?.value, ctx.within.new);
  const bites = (key: string, types: Set<string> | undefined) =>
    !types || !CONSTRAINED_TYPES[key] || CONSTRAINED_TYPES[key].some((t) => types.has(t));
  const idle = (key: string) => !bites(key, old) && !bites(key, now);
  for (const [key, lower] of BOUNDS) {
    if (idle(key)) continue;
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
    if (idle(key)) continue;
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

/** `additionalProperties` / `unevaluatedProperties`: closed, open, or constrained by a schema of their own. */
export function compareAdditional(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
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
    ctx.compare({ value: before.value, ptr: before.ptr }, { value: after.value, ptr: after.ptr });
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

const ANNOTATION_KEYS = new Set(["title", "description", "examples", "example", "$comment"]);
/**
 * Within `not` and `if` a schema only tells valid from invalid: what it says of sending, reading, typing or
 * defaults there steers nothing.
 */
const CONDITION_ANNOTATION_KEYS = new Set([
  ...ANNOTATION_KEYS,
  "readOnly",
  "writeOnly",
  "deprecated",
  "default",
  "$anchor",
  "$dynamicAnchor",
]);
const CONDITIONS = new Set(["not", "if"]);

/** Whether two values mean the same once `$ref`s are followed (a keyword moved behind a `$ref` is no change). */
function sameMeaning(oldDoc: Json, x: unknown, newDoc: Json, y: unknown, ignored = ANNOTATION_KEYS): boolean {
  const expand = (doc: Json, v: unknown, depth: number): unknown => {
    if (Array.isArray(v)) return v.map((i) => expand(doc, i, depth));
    if (!v || typeof v !== "object") return v;
    const node: Json = v;
    // A chain of bare references counts as one level, however long it is.
    if (typeof node.$ref === "string" && depth < 8) {
      const { $ref: _ref, ...rest } = node;
      const target = follow(doc, { value: { $ref: node.$ref }, ptr: "" }).value;
      return expand(doc, { ...target, ...rest }, depth + 1);
    }
    const out: Json = {};
    for (const key of Object.keys(node).sort()) {
      if (!ignored.has(key) && !key.startsWith("x-")) out[key] = expand(doc, node[key], depth);
    }
    return out;
  };
  return JSON.stringify(expand(oldDoc, x, 0)) === JSON.stringify(expand(newDoc, y, 0));
}

const isRecord = (v: unknown): v is Record<string, Json> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const sameKeys = (x: Record<string, Json>, y: Record<string, Json>) =>
  JSON.stringify(Object.keys(x).sort()) === JSON.stringify(Object.keys(y).sort());

/**
 * Keywords whose schemas apply where they stand, alike on both sides (the same `if`, the same dependent
 * members, positions or patterns): their schemas are compared as any child is, in the same direction
 * (`contains` too: a narrower one is met by fewer arrays). How many changes that found; undefined when the
 * keyword's frame changed (another `if`, other members, positions or patterns).
 */
function compareApplied(
  ctx: SchemaContext,
  key: string,
  a: FlatSchema,
  b: FlatSchema,
  before: { value: unknown; ptr: string },
  after: { value: unknown; ptr: string },
): number | undefined {
  const at = (x: { ptr: string }, ...path: Array<string | number>) =>
    `${x.ptr}${path.map((p) => `/${escapeSegment(String(p))}`).join("")}`;
  // What the child comparisons find is reported as found; when they find nothing (a `required` naming a member
  // declared beside the keyword, say), the keyword is told apart by values as any other.
  let found = 0;
  const counted = (change: Change) => {
    found++;
    ctx.report(change);
  };
  const pair = (x: unknown, y: unknown, ...path: Array<string | number>) =>
    ctx.compare(
      { value: x, ptr: at(before, ...path) },
      { value: y, ptr: at(after, ...path) },
      undefined,
      counted,
    );
  if (key === "then" || key === "else") {
    const x = a.witnessed.get("if");
    const y = b.witnessed.get("if");
    if (!x || !y || !sameMeaning(ctx.oldDoc, x.value, ctx.newDoc, y.value)) return undefined;
    if (!isRecord(before.value) || !isRecord(after.value)) return undefined;
    pair(before.value, after.value);
    return found;
  }
  if (CONDITIONS.has(key)) {
    // Read alike by the comparer (a union rewritten, a `$ref` inlined), the two accept the same values. Its
    // findings are not reported (inside `not` or `if` their direction is not theirs, so values decide it),
    // and the pairs it compared are compared again where they are met elsewhere.
    if (!isRecord(before.value) || !isRecord(after.value)) return undefined;
    const silent = () => {
      found++;
    };
    ctx.compare(
      { value: before.value, ptr: before.ptr },
      { value: after.value, ptr: after.ptr },
      undefined,
      silent,
      true,
    );
    return found === 0 ? 0 : undefined;
  }
  if (key === "contains") {
    if (!isRecord(before.value) || !isRecord(after.value)) return undefined;
    pair(before.value, after.value);
    return found;
  }
  if (key === "prefixItems") {
    if (!Array.isArray(before.value) || !Array.isArray(after.value)) return undefined;
    if (before.value.length !== after.value.length) return undefined;
    const y = after.value;
    for (const [i, x] of before.value.entries()) pair(x, y[i], i);
    return found;
  }
  if (key === "patternProperties" || key === "dependentSchemas") {
    if (!isRecord(before.value) || !isRecord(after.value) || !sameKeys(before.value, after.value))
      return undefined;
    const y = after.value;
    for (const [name, x] of Object.entries(before.value)) pair(x, y[name], name);
    return found;
  }
  return undefined;
}

/**
 * A keyword of WITNESSED_KEYWORDS written differently. Values built from both schemas and judged by the
 * validator tell whether it narrows, widens or both; when none tells, a keyword added narrows, one dropped
 * widens, and one changed is reported as changed (an error: nothing shows it harmless).
 */
export function compareWitnessed(
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
    const ignored = CONDITIONS.has(key) ? CONDITION_ANNOTATION_KEYS : ANNOTATION_KEYS;
    if (before && after && sameMeaning(ctx.oldDoc, before.value, ctx.newDoc, after.value, ignored)) continue;
    // Compared child by child: what that finds stands; when it finds nothing, values may still tell.
    const applied = before && after ? compareApplied(ctx, key, a, b, before, after) : undefined;
    if (applied !== undefined && applied > 0) continue;
    const change = !before ? "added" : !after ? "dropped" : "changed";
    const at: [string, string] = [before?.ptr ?? a.ptr, after?.ptr ?? b.ptr];
    shown ??= distinguish(ctx.oldDoc, oldNode, ctx.newDoc, newNode);
    if (shown.narrower) limit(ctx, true, a, b, `${key} ${change}`, at);
    if (shown.wider) limit(ctx, false, a, b, `${key} ${change}`, at);
    if (shown.narrower || shown.wider) continue;
    // Compared alike child by child and told apart by no value: nothing changed that a value shows.
    if (applied === 0) continue;
    if (change === "changed")
      ctx.report({
        rule: CONSTRAINT_CHANGED[ctx.direction],
        before: at[0],
        after: at[1],
        message: `${key} changed`,
      });
    else limit(ctx, change === "added", a, b, `${key} ${change}`, at);
  }
}
