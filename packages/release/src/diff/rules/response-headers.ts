// Response headers, by name case-insensitively: gone, new, no longer always sent; their schemas are
// compared by the schema families.
import { child, follow } from "../pointer.js";
import type { OperationScope } from "../scope.js";
import type { Json, Located } from "../types.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "response-required-header-removed": {
    level: "error",
    summary: "a response header that was always sent is gone",
  },
  "response-optional-header-removed": {
    level: "warning",
    summary: "a response header is no longer documented",
  },
  "response-header-added": { level: "info", summary: "a new response header" },
  "response-header-became-optional": { level: "error", summary: "a response header may now be missing" },
  "response-header-serialization-changed": {
    level: "error",
    summary: "a response header is written otherwise (its style, explode, or schema moved to content)",
  },
} as const;

type Id = keyof typeof RULES;

const withoutHeader = breaksAs("an answer without the header");

export const responseHeaderRules: RuleFamily<Id> = {
  family: "response headers",
  rules: RULES,
  exchanges: {
    "response-required-header-removed": withoutHeader,
    "response-header-became-optional": withoutHeader,
    "response-header-serialization-changed": breaksAs(
      "code that parses the header as before reads another value",
    ),
  },
};

/** A response's headers by lower-case name, each resolved. */
function headers(doc: Json, response: Located): Map<string, Located> {
  const list = child(response, "headers");
  const map = new Map<string, Located>();
  for (const name of Object.keys(list.value ?? {}))
    map.set(name.toLowerCase(), follow(doc, child(list, name)));
  return map;
}

/** How a header's value is written: by its schema (style simple, explode false unless said) or as a media type. */
function serializationOf(h: Located): string {
  const types = Object.keys(h.value?.content ?? {});
  if (types.length > 0) return `content ${types.join(", ")}`;
  return `${h.value?.style ?? "simple"}/explode ${h.value?.explode === true}`;
}

/** A header's schema: its own, or that of its one media type. */
function schemaOf(h: Located): Located {
  const type = Object.keys(h.value?.content ?? {})[0];
  return type === undefined ? child(h, "schema") : child(h, "content", type, "schema");
}

/** The headers of one response (`status`) in both contracts. */
export function compareHeaders(scope: OperationScope, status: string, x: Located, y: Located) {
  const before = headers(scope.oldDoc, x);
  const after = headers(scope.newDoc, y);
  const report = (rule: Id, message: string, a: string, b: string) =>
    scope.report({ rule, message, before: a, after: b });
  for (const [name, h] of before) {
    const g = after.get(name);
    if (!g) {
      const rule = h.value?.required
        ? "response-required-header-removed"
        : "response-optional-header-removed";
      report(rule, `response header ${name} removed`, h.ptr, y.ptr);
      continue;
    }
    if (h.value?.required && !g.value?.required) {
      report("response-header-became-optional", `response header ${name} may now be missing`, h.ptr, g.ptr);
    }
    if (serializationOf(h) !== serializationOf(g)) {
      report(
        "response-header-serialization-changed",
        `response header ${name}: ${serializationOf(h)} → ${serializationOf(g)}`,
        h.ptr,
        g.ptr,
      );
      continue;
    }
    scope.compareSchemasAt("response", `response ${status} header ${name}`, schemaOf(h), schemaOf(g));
  }
  for (const [name, g] of after) {
    if (!before.has(name)) report("response-header-added", `response header ${name} added`, x.ptr, g.ptr);
  }
}
