// Unions (oneOf/anyOf): variants paired by discriminator value, then by what they accept; a variant gone or
// new, a discriminator's property or mapping changed.
import { admits, type FlatSchema, flatten } from "../flatten.js";
import type { SchemaContext, Within } from "../scope.js";
import type { Located } from "../types.js";
import { matchVariants } from "../variants.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "request-variant-removed": { level: "error", summary: "a request union no longer accepts a variant" },
  "request-variant-added": { level: "info", summary: "a request union accepts one more variant" },
  "request-discriminator-changed": {
    level: "error",
    summary: "a request union's discriminator (property or mapping) changed",
  },
  "response-variant-added": { level: "error", summary: "a response union may hold a new variant" },
  "response-variant-removed": { level: "info", summary: "a response union no longer holds a variant" },
  "response-discriminator-changed": {
    level: "error",
    summary: "a response union's discriminator (property or mapping) changed",
  },
} as const;

export const unionRules: RuleFamily<keyof typeof RULES> = {
  family: "unions",
  rules: RULES,
  exchanges: {
    "request-discriminator-changed": breaksAs("a variant chosen as before"),
    "response-discriminator-changed": breaksAs("code that picks the variant as before"),
  },
};

const DISCRIMINATOR_CHANGED = {
  request: "request-discriminator-changed",
  response: "response-discriminator-changed",
} as const;
const VARIANT_REMOVED = { request: "request-variant-removed", response: "response-variant-removed" } as const;
const VARIANT_ADDED = { request: "request-variant-added", response: "response-variant-added" } as const;

const show = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));

/** Compares unions variant by variant; a plain schema facing a union counts as a union of one. */
export function compareUnions(
  ctx: SchemaContext,
  a: FlatSchema,
  b: FlatSchema,
  oldNode: Located,
  newNode: Located,
) {
  if (!a.union && !b.union) return;
  const before = a.union?.variants ?? [oldNode];
  const after = b.union?.variants ?? [newNode];
  const report = (rule: string, x: string, y: string, message: string) =>
    ctx.report({ rule, message, before: x, after: y });
  if (a.union && b.union && a.union.discriminator !== b.union.discriminator) {
    report(
      DISCRIMINATOR_CHANGED[ctx.direction],
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
      report(
        DISCRIMINATOR_CHANGED[ctx.direction],
        a.union.ptr,
        b.union.ptr,
        `discriminator value ${value} now maps to ${b.union.mapping[value]} (was ${ref})`,
      );
    if (gone.length > 0)
      report(
        DISCRIMINATOR_CHANGED[ctx.direction],
        a.union.ptr,
        b.union.ptr,
        `discriminator value(s) ${gone.join(", ")} no longer mapped`,
      );
  }
  const outer: Within = {
    ...(a.types ? { old: a.types.value } : {}),
    ...(b.types ? { new: b.types.value } : {}),
  };
  const match =
    byType(ctx, a, b, oldNode, newNode) ??
    matchVariants(ctx.oldDoc, ctx.newDoc, before, after, {
      before: a.union?.discriminator,
      after: b.union?.discriminator,
    });
  for (const [x, y, types] of match.pairs) ctx.compare(x, y, { ...outer, ...types });
  for (const x of match.removed)
    report(VARIANT_REMOVED[ctx.direction], x.ptr, b.union?.ptr ?? b.ptr, `variant ${describe(x)} removed`);
  for (const y of match.added)
    report(VARIANT_ADDED[ctx.direction], a.union?.ptr ?? a.ptr, y.ptr, `variant ${describe(y)} added`);
}

/** Variants of a union paired with a plain schema, each read as the types they share. */
interface TypedMatch {
  pairs: Array<[Located, Located, Within?]>;
  removed: Located[];
  added: Located[];
}

/**
 * A plain schema facing a union whose variants each take types of their own (`type: [string, null]` against
 * `anyOf: [{type: string, …}, {type: null}]`): the plain schema is one variant per type, each paired with the
 * variant of that type and compared as that type alone. A type on one side only is a variant gone or new.
 * Undefined when the variants' types are not told apart this way (two of one type, or one of any type).
 */
function byType(
  ctx: SchemaContext,
  a: FlatSchema,
  b: FlatSchema,
  oldNode: Located,
  newNode: Located,
): TypedMatch | undefined {
  if ((a.union === undefined) === (b.union === undefined)) return undefined;
  const plainIsOld = a.union === undefined;
  const plain = plainIsOld ? a : b;
  const union = plainIsOld ? b : a;
  const doc = plainIsOld ? ctx.newDoc : ctx.oldDoc;
  const types = plain.types?.value;
  if (!types || !union.union) return undefined;
  const variants = union.union.variants.map((node) => ({ node, types: flatten(doc, node).types?.value }));
  const taken = new Set<string>();
  for (const v of variants) {
    if (!v.types) return undefined;
    for (const t of v.types) {
      if (
        taken.has(t) ||
        (t === "integer" && taken.has("number")) ||
        (t === "number" && taken.has("integer"))
      )
        return undefined;
      taken.add(t);
    }
  }
  const node = plainIsOld ? oldNode : newNode;
  const match: TypedMatch = { pairs: [], removed: [], added: [] };
  const unmatched = plainIsOld ? match.added : match.removed;
  for (const v of variants) {
    const shared = new Set([...(v.types ?? [])].filter((t) => admits(types, t)));
    if (shared.size === 0) {
      unmatched.push(v.node);
      continue;
    }
    match.pairs.push(plainIsOld ? [node, v.node, { old: shared }] : [v.node, node, { new: shared }]);
  }
  // Types the plain schema takes that no variant takes: that part of it is a variant gone or new.
  if ([...types].some((t) => !variants.some((v) => v.types && admits(v.types, t))))
    (plainIsOld ? match.removed : match.added).push(node);
  return match;
}

function describe(node: Located): string {
  const ref = node.value?.$ref;
  if (typeof ref === "string") return ref.split("/").pop() ?? ref;
  const title = node.value?.title;
  return typeof title === "string" ? `"${title}"` : node.ptr.split("/").slice(-2).join("/");
}
