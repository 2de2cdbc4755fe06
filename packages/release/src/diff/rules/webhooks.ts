// Webhooks and callbacks: requests the API sends to the consumer. The consumer reads what they carry (judged as
// a response is) and sends back their answers (judged as a request is); one gone leaves the consumer's
// handler without events, and its name in @cloud-contract/types.
import { child, follow } from "../pointer.js";
import type { OperationNode, OperationScope } from "../scope.js";
import type { Json, Located } from "../types.js";
import { compareContent } from "./media-types.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "webhook-removed": {
    level: "error",
    summary: "a webhook is no longer sent: handlers get no more events, and its type is gone",
  },
  "webhook-added": { level: "info", summary: "a new webhook" },
  "callback-removed": {
    level: "error",
    summary: "an operation's callback is no longer sent: handlers get no more calls, and its type is gone",
  },
  "callback-added": { level: "info", summary: "a new callback of an operation" },
} as const;

export const webhookRules: RuleFamily<keyof typeof RULES> = {
  family: "webhooks and callbacks",
  rules: RULES,
  exchanges: {
    "webhook-removed": breaksAs("a consumer's handler for it is never called again"),
    "callback-removed": breaksAs("a consumer's handler for it is never called again"),
  },
};

const REMOVED = { webhook: "webhook-removed", callback: "callback-removed" } as const;
const ADDED = { webhook: "webhook-added", callback: "callback-added" } as const;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The operations of a path item the API calls, by method. */
function calls(doc: Json, pathItem: Located): Map<string, Located> {
  const item = follow(doc, pathItem);
  const map = new Map<string, Located>();
  for (const method of METHODS) {
    const op = child(item, method);
    if (op.value && typeof op.value === "object") map.set(method, op);
  }
  return map;
}

/** One call the API makes (`label`: `webhook taskDone POST`): its body as the consumer reads it, its answers as the consumer sends them. */
function compareCall(scope: OperationScope, label: string, x: Located, y: Located) {
  const body = (doc: Json, op: Located) => child(follow(doc, child(op, "requestBody")), "content");
  compareContent(scope, "response", `${label} body`, body(scope.oldDoc, x), body(scope.newDoc, y));
  const before = child(x, "responses");
  const after = child(y, "responses");
  for (const status of Object.keys(before.value ?? {})) {
    if (!(status in (after.value ?? {}))) continue;
    const content = (doc: Json, list: Located) => child(follow(doc, child(list, status)), "content");
    compareContent(
      scope,
      "request",
      `${label} answer ${status}`,
      content(scope.oldDoc, before),
      content(scope.newDoc, after),
    );
  }
}

/**
 * Path items by name (webhooks) or by runtime expression (a callback's), each a set of calls; `outer` holds
 * them in both documents (where a finding points when one side lacks the path item).
 */
function compareCallSets(
  docs: { oldDoc: Json; newDoc: Json },
  outer: { before: string; after: string },
  scope: (label: string) => OperationScope,
  what: "webhook" | "callback",
  before: Located,
  after: Located,
  name: string,
) {
  const oldCalls = calls(docs.oldDoc, before);
  const newCalls = calls(docs.newDoc, after);
  for (const [method, x] of oldCalls) {
    const label = `${what} ${name} ${method.toUpperCase()}`;
    const y = newCalls.get(method);
    const at = scope(label);
    if (!y)
      at.report({
        rule: REMOVED[what],
        message: `${label} removed`,
        before: x.ptr,
        after: after.value === undefined ? outer.after : after.ptr,
      });
    else compareCall(at, label, x, y);
  }
  for (const [method, y] of newCalls)
    if (!oldCalls.has(method))
      scope(`${what} ${name}`).report({
        rule: ADDED[what],
        message: `${what} ${name} ${method.toUpperCase()} added`,
        before: before.value === undefined ? outer.before : before.ptr,
        after: y.ptr,
      });
}

/** The document's webhooks; `scope` makes the scope of one (`webhook taskDone POST`). */
export function compareWebhooks(oldDoc: Json, newDoc: Json, scope: (label: string) => OperationScope) {
  const before = { value: oldDoc.webhooks, ptr: "/webhooks" };
  const after = { value: newDoc.webhooks, ptr: "/webhooks" };
  const names = new Set([...Object.keys(before.value ?? {}), ...Object.keys(after.value ?? {})]);
  for (const name of names)
    compareCallSets(
      { oldDoc, newDoc },
      { before: oldDoc.webhooks ? "/webhooks" : "", after: newDoc.webhooks ? "/webhooks" : "" },
      scope,
      "webhook",
      child(before, name),
      child(after, name),
      name,
    );
}

/** An operation's callbacks (each a map of runtime expressions to path items), in the operation's scope. */
export function compareCallbacks(scope: OperationScope, a: OperationNode, b: OperationNode) {
  const before = child(a, "callbacks");
  const after = child(b, "callbacks");
  for (const name of new Set([...Object.keys(before.value ?? {}), ...Object.keys(after.value ?? {})])) {
    const x = follow(scope.oldDoc, child(before, name));
    const y = follow(scope.newDoc, child(after, name));
    for (const expression of new Set([...Object.keys(x.value ?? {}), ...Object.keys(y.value ?? {})]))
      compareCallSets(
        scope,
        { before: x.value === undefined ? a.ptr : x.ptr, after: y.value === undefined ? b.ptr : y.ptr },
        () => scope,
        "callback",
        child(x, expression),
        child(y, expression),
        `${name} ${expression}`,
      );
  }
}
