// The JSON types a value may have: fewer or more of them, and a response value that may now be null.
import { admits, type FlatSchema, typesWithin } from "../flatten.js";
import type { SchemaContext } from "../scope.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "request-type-narrowed": { level: "error", summary: "a request value's type accepts less" },
  "request-type-widened": { level: "info", summary: "a request value's type accepts more" },
  "response-type-widened": { level: "error", summary: "a response value may now be of another type" },
  "response-became-nullable": { level: "error", summary: "a response value may now be null" },
  "response-type-narrowed": { level: "info", summary: "a response value's type is narrower" },
} as const;

type Id = keyof typeof RULES;

/** Proved by a value of the type one side takes and the other refuses (construct.ts). */
export const valueTypeRules: RuleFamily<Id> = { family: "value types", rules: RULES, exchanges: {} };

const showTypes = (t: Set<string> | undefined) => (t ? [...t].join(" | ") : "any");

export function compareTypes(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const before = typesWithin(a.types?.value, ctx.within?.old);
  const after = typesWithin(b.types?.value, ctx.within?.new);
  if (!before && !after) return;
  // A union without a type of its own is judged by its variants.
  if ((!before && a.union) || (!after && b.union)) return;
  const message = `type ${showTypes(before)} → ${showTypes(after)}`;
  const report = (rule: Id) =>
    ctx.report({ rule, message, before: a.types?.ptr ?? a.ptr, after: b.types?.ptr ?? b.ptr });
  const narrowed = !before ? true : !after ? false : [...before].some((t) => !admits(after, t));
  const widened = !after ? true : !before ? false : [...after].some((t) => !admits(before, t));
  if (ctx.direction === "request") {
    if (narrowed) report("request-type-narrowed");
    else if (widened) report("request-type-widened");
    return;
  }
  if (widened) {
    const nullable =
      after?.has("null") &&
      !before?.has("null") &&
      [...(after ?? [])].every((t) => t === "null" || (before && admits(before, t)));
    report(nullable ? "response-became-nullable" : "response-type-widened");
  } else if (narrowed) report("response-type-narrowed");
}
