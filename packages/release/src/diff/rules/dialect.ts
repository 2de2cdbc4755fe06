// The language the document is written in: the OpenAPI version and the JSON Schema dialect its schemas are
// read in. The same keywords mean otherwise in another one (3.0's `nullable` and boolean
// `exclusiveMinimum`, draft-07's `items` arrays and ignored `$ref` siblings), so every tool a consumer reads
// the document with reads it otherwise.
import type { Change } from "../scope.js";
import type { Json } from "../types.js";
import { breaksAs, type RuleFamily } from "./rule.js";

const RULES = {
  "openapi-version-changed": {
    level: "error",
    summary: "the document's OpenAPI version changed (major or minor): its keywords are read otherwise",
  },
  "schema-dialect-changed": {
    level: "error",
    summary: "the JSON Schema dialect of the document's schemas changed: their keywords are read otherwise",
  },
} as const;

export const dialectRules: RuleFamily<keyof typeof RULES> = {
  family: "dialect",
  rules: RULES,
  exchanges: {
    "openapi-version-changed": breaksAs("tools that read the document as before read its keywords otherwise"),
    "schema-dialect-changed": breaksAs(
      "validators that read the schemas as before read their keywords otherwise",
    ),
  },
};

/** OpenAPI 3.1's default dialect: JSON Schema 2020-12 with the OpenAPI vocabulary (its meta-schema or 2020-12's own). */
const DEFAULT_DIALECTS = new Set([
  "https://spec.openapis.org/oas/3.1/dialect/base",
  "https://spec.openapis.org/oas/3.1/dialect/2024-11-10",
  "https://json-schema.org/draft/2020-12/schema",
]);

const dialectOf = (doc: Json): string => {
  const named =
    typeof doc.jsonSchemaDialect === "string" ? doc.jsonSchemaDialect.replace(/#$/, "") : undefined;
  return named === undefined || DEFAULT_DIALECTS.has(named) ? "default" : named;
};

/** `3.1` of `3.1.1`: a patch release changes no keyword's meaning. */
const minorOf = (doc: Json): string =>
  String(doc.openapi ?? "")
    .split(".")
    .slice(0, 2)
    .join(".");

export function compareDialect(oldDoc: Json, newDoc: Json, report: (c: Change) => void) {
  if (minorOf(oldDoc) !== minorOf(newDoc))
    report({
      rule: "openapi-version-changed",
      message: `OpenAPI ${oldDoc.openapi} → ${newDoc.openapi}`,
      before: "/openapi",
      after: "/openapi",
    });
  const before = dialectOf(oldDoc);
  const after = dialectOf(newDoc);
  if (before !== after)
    report({
      rule: "schema-dialect-changed",
      message: `jsonSchemaDialect ${before} → ${after}`,
      before: oldDoc.jsonSchemaDialect === undefined ? "" : "/jsonSchemaDialect",
      after: newDoc.jsonSchemaDialect === undefined ? "" : "/jsonSchemaDialect",
    });
}
