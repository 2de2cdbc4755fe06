// The request body: gone, new, required or not; its content is compared by the media-type family.
import { child, follow } from "../pointer.js";
import type { OperationNode, OperationScope } from "../scope.js";
import { compareContent } from "./media-types.js";
import type { RuleFamily } from "./rule.js";

const RULES = {
  "request-body-removed": { level: "warning", summary: "the request body is no longer documented" },
  "request-body-added-required": { level: "error", summary: "a new required request body" },
  "request-body-added-optional": { level: "info", summary: "a new optional request body" },
  "request-body-became-required": { level: "error", summary: "the request body is now required" },
  "request-body-became-optional": { level: "info", summary: "the request body is now optional" },
} as const;

type Id = keyof typeof RULES;

const withoutBody = (f: { operation: string }) => ({
  at: f.operation,
  because: "a request without a body is refused",
});

export const requestBodyRules: RuleFamily<Id> = {
  family: "request body",
  rules: RULES,
  exchanges: { "request-body-added-required": withoutBody, "request-body-became-required": withoutBody },
};

export function compareRequestBodies(scope: OperationScope, oldOp: OperationNode, newOp: OperationNode) {
  const a = follow(scope.oldDoc, child(oldOp, "requestBody"));
  const b = follow(scope.newDoc, child(newOp, "requestBody"));
  const report = (rule: Id, message: string, x: string, y: string) =>
    scope.report({ rule, message, before: x, after: y });
  if (!a.value && !b.value) return;
  if (!b.value) return report("request-body-removed", "request body removed", a.ptr, newOp.ptr);
  if (!a.value) {
    const required = b.value.required === true;
    const rule = required ? "request-body-added-required" : "request-body-added-optional";
    return report(rule, `${required ? "required" : "optional"} request body added`, oldOp.ptr, b.ptr);
  }
  if (!a.value.required && b.value.required)
    report("request-body-became-required", "request body is now required", a.ptr, b.ptr);
  if (a.value.required && !b.value.required)
    report("request-body-became-optional", "request body is no longer required", a.ptr, b.ptr);
  compareContent(scope, "request", "request body", child(a, "content"), child(b, "content"));
}
