// Enumerated values: one removed or added; a list of values set or dropped is a limit.
import type { FlatSchema } from "../flatten.js";
import type { SchemaContext } from "../scope.js";
import { limit } from "./limits.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "request-enum-value-removed": { level: "error", summary: "a request value is no longer accepted" },
  "request-enum-value-added": { level: "info", summary: "one more accepted request value" },
  "response-enum-value-added": {
    level: "error",
    summary: "a response value consumers have not seen (an error when a witness proves it)",
  },
  "response-enum-value-removed": {
    level: "error",
    summary:
      "a response value is gone: code that compares with it no longer compiles against @cloud-contract/types",
  },
} as const;

export const enumRules: RuleFamily<keyof typeof RULES> = {
  family: "enums",
  rules: RULES,
  exchanges: {
    "response-enum-value-removed": (f) => ({
      at: "@cloud-contract/types",
      because: `code that compares with the removed value no longer compiles against the regenerated types: ${f.message} at ${f.before}`,
    }),
  },
};

const REMOVED = { request: "request-enum-value-removed", response: "response-enum-value-removed" } as const;
const ADDED = { request: "request-enum-value-added", response: "response-enum-value-added" } as const;

const show = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));

export function compareEnums(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const before = a.enum?.value;
  const after = b.enum?.value;
  if (!before && !after) return;
  const at: [string, string] = [a.enum?.ptr ?? a.ptr, b.enum?.ptr ?? b.ptr];
  if (!before || !after) {
    limit(
      ctx,
      after !== undefined,
      a,
      b,
      after ? `values restricted to ${show(after)}` : "list of values dropped",
      at,
    );
    return;
  }
  const oldValues = new Set(before.map((v) => JSON.stringify(v)));
  const newValues = new Set(after.map((v) => JSON.stringify(v)));
  const report = (rule: string, message: string) =>
    ctx.report({ rule, message, before: at[0], after: at[1] });
  for (const v of oldValues) if (!newValues.has(v)) report(REMOVED[ctx.direction], `value ${v} removed`);
  for (const v of newValues) if (!oldValues.has(v)) report(ADDED[ctx.direction], `value ${v} added`);
}
