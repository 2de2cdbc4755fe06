// Unions (oneOf/anyOf): variants paired by discriminator value, then by what they accept; a variant gone or
// new, a discriminator's property or mapping changed.
import type { FlatSchema } from "../flatten.js";
import type { SchemaContext } from "../scope.js";
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
  const match = matchVariants(ctx.oldDoc, ctx.newDoc, before, after, {
    before: a.union?.discriminator,
    after: b.union?.discriminator,
  });
  for (const [x, y] of match.pairs) ctx.compare(x, y);
  for (const x of match.removed)
    report(VARIANT_REMOVED[ctx.direction], x.ptr, b.union?.ptr ?? b.ptr, `variant ${describe(x)} removed`);
  for (const y of match.added)
    report(VARIANT_ADDED[ctx.direction], a.union?.ptr ?? a.ptr, y.ptr, `variant ${describe(y)} added`);
}

function describe(node: Located): string {
  const ref = node.value?.$ref;
  if (typeof ref === "string") return ref.split("/").pop() ?? ref;
  const title = node.value?.title;
  return typeof title === "string" ? `"${title}"` : node.ptr.split("/").slice(-2).join("/");
}
