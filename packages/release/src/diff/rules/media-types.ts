// Media types of a request body or a response: one gone, one new; the schemas of those in both are compared
// by the schema families.
import { child, followSchema } from "../pointer.js";
import type { OperationScope } from "../scope.js";
import type { Direction, Json, Located } from "../types.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "request-media-type-removed": { level: "error", summary: "a request media type is no longer accepted" },
  "request-media-type-added": { level: "info", summary: "one more request media type" },
  "response-media-type-removed": { level: "error", summary: "a response media type is gone" },
  "response-media-type-added": { level: "info", summary: "one more response media type" },
  "request-encoding-changed": {
    level: "error",
    summary: "a form or multipart request field is encoded otherwise (content type, style, headers)",
  },
  "response-encoding-changed": {
    level: "error",
    summary: "a form or multipart response field is encoded otherwise (content type, style, headers)",
  },
  "encoding-widened": {
    level: "info",
    summary: "a form or multipart field takes more content types",
  },
} as const;

export const mediaTypeRules: RuleFamily<keyof typeof RULES> = {
  family: "media types",
  rules: RULES,
  exchanges: {
    "request-media-type-removed": breaksAs("a body sent as before is refused"),
    "response-media-type-removed": breaksAs("code that reads it gets another type"),
    "request-encoding-changed": breaksAs("a part or field encoded as before is read otherwise"),
    "response-encoding-changed": breaksAs("code that decodes the part or field as before reads otherwise"),
  },
};

const ENCODING_CHANGED = {
  request: "request-encoding-changed",
  response: "response-encoding-changed",
} as const;

/** `encoding` applies to form and multipart bodies only (OpenAPI 3.1, 4.8.15): elsewhere it says nothing. */
const encoded = (type: string) =>
  type.startsWith("multipart/") || type === "application/x-www-form-urlencoded";

/** A field's encoding apart from its content types: style, explode, allowReserved, header names and needs. */
function encodingShape(e: Json): string {
  const headers = Object.entries(e?.headers ?? {}).map(
    ([name, h]: [string, Json]) => `${name.toLowerCase()}${h?.required ? "!" : ""}`,
  );
  return JSON.stringify([e?.style, e?.explode, e?.allowReserved, headers.sort()]);
}

const contentTypes = (e: Json): string[] =>
  String(e?.contentType ?? "")
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== "");

/**
 * The encoding of each field of a form or multipart body in both contracts. A sender keeps working while the
 * receiver takes every content type it sent (a request's may grow, a response's may shrink); any other
 * change of how a field is written, or an encoding given or dropped, is read otherwise.
 */
function compareEncoding(scope: OperationScope, direction: Direction, a: Located, b: Located) {
  const names = new Set([...Object.keys(a.value ?? {}), ...Object.keys(b.value ?? {})]);
  for (const name of names) {
    const x = child(a, name);
    const y = child(b, name);
    const [sent, taken] = direction === "request" ? [x.value, y.value] : [y.value, x.value];
    const same = encodingShape(x.value) === encodingShape(y.value);
    const lost = contentTypes(sent).filter((t) => !contentTypes(taken).includes(t));
    const given = (x.value === undefined) !== (y.value === undefined);
    const before = x.value === undefined ? a.ptr : x.ptr;
    const after = y.value === undefined ? b.ptr : y.ptr;
    if (!same || lost.length > 0 || given)
      scope.report({
        rule: ENCODING_CHANGED[direction],
        message: `field ${name} is encoded otherwise${lost.length > 0 ? ` (${lost.join(", ")} no longer taken)` : ""}`,
        before,
        after,
      });
    else if (contentTypes(x.value).join() !== contentTypes(y.value).join())
      scope.report({
        rule: "encoding-widened",
        message: `field ${name} takes more content types`,
        before,
        after,
      });
  }
}

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
    if (encoded(type))
      compareEncoding(scope, direction, child(a, type, "encoding"), child(b, type, "encoding"));
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
