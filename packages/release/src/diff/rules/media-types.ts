// Media types of a request body or a response: one gone, one new; the schemas of those in both are compared
// by the schema families.
import { child, followSchema } from "../pointer.js";
import type { OperationScope } from "../scope.js";
import type { Direction, Located } from "../types.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "request-media-type-removed": { level: "error", summary: "a request media type is no longer accepted" },
  "request-media-type-added": { level: "info", summary: "one more request media type" },
  "response-media-type-removed": { level: "error", summary: "a response media type is gone" },
  "response-media-type-added": { level: "info", summary: "one more response media type" },
} as const;

export const mediaTypeRules: RuleFamily<keyof typeof RULES> = {
  family: "media types",
  rules: RULES,
  exchanges: {
    "request-media-type-removed": breaksAs("a body sent as before is refused"),
    "response-media-type-removed": breaksAs("code that reads it gets another type"),
  },
};

const REMOVED = { request: "request-media-type-removed", response: "response-media-type-removed" } as const;
const ADDED = { request: "request-media-type-added", response: "response-media-type-added" } as const;

/** The `content` of a request body or a response (`place`: `request body`, `response 200`). */
export function compareContent(
  scope: OperationScope,
  direction: Direction,
  place: string,
  a: Located,
  b: Located,
) {
  const before = a.value ?? {};
  const after = b.value ?? {};
  for (const type of Object.keys(before)) {
    if (!(type in after)) {
      scope.report({
        rule: REMOVED[direction],
        message: `media type ${type} removed`,
        before: child(a, type).ptr,
        after: b.ptr,
      });
      continue;
    }
    scope.compareSchemasAt(
      direction,
      `${place} ${type}`,
      followSchema(scope.oldDoc, child(a, type, "schema")),
      followSchema(scope.newDoc, child(b, type, "schema")),
    );
  }
  for (const type of Object.keys(after)) {
    if (type in before) continue;
    scope.report({
      rule: ADDED[direction],
      message: `media type ${type} added`,
      before: a.ptr,
      after: child(b, type).ptr,
    });
  }
}
