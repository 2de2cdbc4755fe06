// Object members: gone (plain, refused, around a sunset), new, required or not, readOnly/writeOnly; each
// member's schema is compared in turn.
import { removalRule } from "../deprecation.js";
import { type FlatSchema, flatten } from "../flatten.js";
import type { SchemaContext } from "../scope.js";
import { sunsetChanges } from "./deprecation.js";
import { breaksAs, promiseBroken, type RuleFamily } from "./rule.js";

const RULES = {
  "request-property-removed": {
    level: "warning",
    summary: "a request field is no longer documented (old requests still carry it)",
  },
  "request-property-removed-refused": {
    level: "error",
    summary: "a request field is gone from a schema that refuses extra fields",
  },
  "request-property-removed-after-sunset": {
    level: "info",
    summary: "a deprecated request field is gone after its sunset",
  },
  "request-property-removed-before-sunset": {
    level: "error",
    policy: true,
    summary: "a deprecated request field is gone before its sunset date",
  },
  "request-property-added-required": { level: "error", summary: "a new required request field" },
  "request-property-added-optional": { level: "info", summary: "a new optional request field" },
  "request-property-became-required": {
    level: "error",
    summary: "an optional request field is now required",
  },
  "request-property-became-optional": { level: "info", summary: "a required request field is now optional" },
  "request-property-read-only": {
    level: "error",
    summary: "a request field is now readOnly (not to be sent)",
  },
  "response-required-property-removed": { level: "error", summary: "a required response field is gone" },
  "response-optional-property-removed": {
    level: "error",
    summary: "an optional response field is gone: code that reads it no longer compiles against the types",
  },
  "response-property-removed-after-sunset": {
    level: "info",
    summary: "a deprecated response field is gone after its sunset",
  },
  "response-property-removed-before-sunset": {
    level: "error",
    policy: true,
    summary: "a deprecated response field is gone before its sunset date",
  },
  "response-property-added": { level: "info", summary: "a new response field" },
  "response-property-became-optional": { level: "error", summary: "a response field may now be missing" },
  "response-property-became-required": { level: "info", summary: "a response field is now always there" },
  "response-property-write-only": {
    level: "error",
    summary: "a response field is now writeOnly (no longer sent)",
  },
} as const;

type Id = keyof typeof RULES;

const noLongerCompiles = breaksAs(
  "a released answer carries it and code that reads it no longer compiles against @cloud-contract/types",
);

export const propertyRules: RuleFamily<Id> = {
  family: "properties",
  rules: RULES,
  exchanges: {
    "request-property-removed-before-sunset": promiseBroken,
    "request-property-read-only": breaksAs("a request that sends the field as before"),
    "response-required-property-removed": noLongerCompiles,
    "response-optional-property-removed": noLongerCompiles,
    "response-property-removed-before-sunset": promiseBroken,
    "response-property-write-only": breaksAs(
      "a released answer carries it; the candidate no longer sends it",
    ),
  },
};

/** The rules of one direction, so that a detector names each id once. */
const BY_DIRECTION = {
  request: {
    removed: {
      plain: "request-property-removed",
      afterSunset: "request-property-removed-after-sunset",
      beforeSunset: "request-property-removed-before-sunset",
    },
    becameRequired: "request-property-became-required",
    becameOptional: "request-property-became-optional",
  },
  response: {
    removed: {
      plain: "response-optional-property-removed",
      afterSunset: "response-property-removed-after-sunset",
      beforeSunset: "response-property-removed-before-sunset",
    },
    becameRequired: "response-property-became-required",
    becameOptional: "response-property-became-optional",
  },
} as const satisfies Record<string, Record<string, Id | Record<string, Id>>>;

export function compareProperties(ctx: SchemaContext, a: FlatSchema, b: FlatSchema) {
  const request = ctx.direction === "request";
  const rules = BY_DIRECTION[ctx.direction];
  const report = (rule: Id, before: string, after: string, message: string) =>
    ctx.report({ rule, message, before, after });
  for (const [name, oldProp] of a.properties) {
    const newProp = b.properties.get(name);
    if (!newProp) {
      const old = flatten(ctx.oldDoc, oldProp);
      // Old requests still carry the field: harmless unless the schema now refuses what it does not list.
      const refused = b.additional?.value === false;
      const plain: Id = request
        ? refused
          ? "request-property-removed-refused"
          : rules.removed.plain
        : a.required.has(name)
          ? "response-required-property-removed"
          : rules.removed.plain;
      const rule = removalRule({ ...rules.removed, plain }, old, ctx.policy);
      report(rule, oldProp.ptr, b.ptr, `field "${name}" removed`);
      continue;
    }
    const wasRequired = a.required.get(name);
    const isRequired = b.required.get(name);
    if (!wasRequired && isRequired) {
      report(rules.becameRequired, oldProp.ptr, isRequired, `field "${name}" is now required`);
    } else if (wasRequired && !isRequired) {
      const after = [...b.required.values()][0] ?? newProp.ptr;
      report(rules.becameOptional, oldProp.ptr, after, `field "${name}" is no longer required`);
    }
    const was = flatten(ctx.oldDoc, oldProp);
    const now = flatten(ctx.newDoc, newProp);
    if (request && now.readOnly && !was.readOnly)
      report("request-property-read-only", oldProp.ptr, newProp.ptr, `field "${name}" is now readOnly`);
    if (!request && now.writeOnly && !was.writeOnly)
      report("response-property-write-only", oldProp.ptr, newProp.ptr, `field "${name}" is now writeOnly`);
    for (const { rule, message } of sunsetChanges(was, now, ctx.stability, ctx.policy)) {
      ctx.report({ rule, message: `field "${name}": ${message}`, before: oldProp.ptr, after: newProp.ptr });
    }
    ctx.compare(oldProp, newProp);
  }
  // A name `required` lists that no `properties` declares still has to be there.
  for (const [name, list] of b.required) {
    if (a.required.has(name) || a.properties.has(name) || b.properties.has(name)) continue;
    report(rules.becameRequired, a.ptr, list, `field "${name}" (not declared in properties) is now required`);
  }
  for (const [name, newProp] of b.properties) {
    if (a.properties.has(name)) continue;
    const required = b.required.has(name);
    const rule = !request
      ? "response-property-added"
      : required
        ? "request-property-added-required"
        : "request-property-added-optional";
    report(rule, a.ptr, newProp.ptr, `${required ? "required" : "optional"} field "${name}" added`);
  }
}
