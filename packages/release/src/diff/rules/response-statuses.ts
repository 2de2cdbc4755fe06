// Response statuses: a success status gone breaks the code written for it, an error status gone does not.
import { child, follow } from "../pointer.js";
import type { OperationNode, OperationScope } from "../scope.js";
import { compareContent } from "./media-types.js";
import { compareHeaders } from "./response-headers.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "response-success-status-removed": { level: "error", summary: "a success status is gone" },
  "response-non-success-status-removed": { level: "warning", summary: "an error status is gone" },
  "response-success-status-added": { level: "warning", summary: "a new success status" },
  "response-non-success-status-added": { level: "info", summary: "a new error status" },
} as const;

export const responseStatusRules: RuleFamily<keyof typeof RULES> = {
  family: "response statuses",
  rules: RULES,
  exchanges: {
    "response-success-status-removed": breaksAs("code written for it gets another answer"),
  },
};

const isSuccess = (status: string) => /^2/.test(status);

/** The responses of an operation by status; the content and headers of those in both. */
export function compareResponses(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const before = child(a, "responses");
  const after = child(b, "responses");
  for (const status of Object.keys(before.value ?? {})) {
    const x = follow(scope.oldDoc, child(before, status));
    if (!(status in (after.value ?? {}))) {
      // Code written for a success status stops working; one error status fewer only means less to handle.
      const rule = isSuccess(status)
        ? "response-success-status-removed"
        : "response-non-success-status-removed";
      scope.report({ rule, message: `response ${status} removed`, before: x.ptr, after: after.ptr });
      continue;
    }
    const y = follow(scope.newDoc, child(after, status));
    compareContent(scope, "response", `response ${status}`, child(x, "content"), child(y, "content"));
    compareHeaders(scope, status, x, y);
  }
  for (const status of Object.keys(after.value ?? {})) {
    if (status in (before.value ?? {})) continue;
    const rule = isSuccess(status) ? "response-success-status-added" : "response-non-success-status-added";
    scope.report({
      rule,
      message: `response ${status} added`,
      before: before.ptr,
      after: child(after, status).ptr,
    });
  }
}
