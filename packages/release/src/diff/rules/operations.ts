// Operations: one gone (before or after its sunset), one new, a changed operationId, a new deprecation.
import { type DeprecationPolicy, deprecationOf, removalRule } from "../deprecation.js";
import { child, follow } from "../pointer.js";
import type { Change, OperationNode, OperationScope } from "../scope.js";
import type { Json } from "../types.js";
import { sunsetChanges } from "./deprecation.js";
import { promiseBroken, type RuleFamily } from "./rule.js";

const RULES = {
  "operation-removed": { level: "error", summary: "an operation is gone" },
  "operation-removed-after-sunset": {
    level: "info",
    summary: "a deprecated operation is gone after its sunset",
  },
  "operation-removed-before-sunset": {
    level: "error",
    policy: true,
    summary: "a deprecated operation is gone before its sunset date",
  },
  "operation-added": { level: "info", summary: "a new operation" },
  "operation-id-changed": { level: "error", summary: "the operationId (the client's method name) changed" },
  "operation-deprecated": { level: "info", summary: "an operation is now deprecated" },
} as const;

export const operationRules: RuleFamily<keyof typeof RULES> = {
  family: "operations",
  rules: RULES,
  exchanges: {
    "operation-removed": (f) => ({
      at: f.operation,
      because: "the released contract routes it; the candidate has no such operation",
    }),
    "operation-removed-before-sunset": promiseBroken,
    "operation-id-changed": (f) => ({
      at: f.operation,
      because: `${f.message}: the client's and the types' name for it no longer exists`,
    }),
  },
};

/** The path item of `path` in `doc`, or `/paths` when the document has none. */
const pathItemPointer = (doc: Json, path: string) => {
  const container = follow(doc, child({ value: doc, ptr: "" }, "paths", path));
  return container.value ? container.ptr : "/paths";
};

/** An operation of the released spec that the candidate lacks. */
export function operationRemoved(a: OperationNode, newDoc: Json, policy: DeprecationPolicy): Change {
  const rule = removalRule(
    {
      plain: "operation-removed",
      afterSunset: "operation-removed-after-sunset",
      beforeSunset: "operation-removed-before-sunset",
    },
    deprecationOf(a.value),
    policy,
  );
  return {
    rule,
    message: `operation ${a.label} removed`,
    before: a.ptr,
    after: pathItemPointer(newDoc, a.path),
  };
}

/** An operation of the candidate that the released spec lacks. */
export function operationAdded(b: OperationNode, oldDoc: Json): Change {
  return {
    rule: "operation-added",
    message: `operation ${b.label} added`,
    before: pathItemPointer(oldDoc, b.path),
    after: b.ptr,
  };
}

/** An operation in both: its operationId and its deprecation. */
export function compareOperationHeads(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const { report } = scope;
  if (a.value.operationId !== b.value.operationId) {
    const message = `operationId ${a.value.operationId} → ${b.value.operationId}`;
    report({ rule: "operation-id-changed", message, before: a.ptr, after: b.ptr });
  }
  const was = deprecationOf(a.value);
  const now = deprecationOf(b.value);
  if (!was.deprecated && now.deprecated) {
    report({
      rule: "operation-deprecated",
      message: `operation ${b.label} deprecated`,
      before: a.ptr,
      after: b.ptr,
    });
  }
  for (const { rule, message } of sunsetChanges(was, now, scope.stability, scope.policy)) {
    report({ rule, message: `operation ${b.label}: ${message}`, before: a.ptr, after: b.ptr });
  }
}
