// The spec language the gate judges, enumerated from the OpenAPI 3.1 and JSON Schema 2020-12 specifications:
// every field of the objects that make an API's contract and every JSON Schema keyword. Each names the
// edit-space row that holds the gate to it, or says why no edit of it changes what is valid; the rest are
// gaps, listed as such in EDIT-SPACE.md.

export interface LanguageEntry {
  /** `Parameter.style`, `JSON Schema.maxLength` */
  keyword: string;
  /** The row of table.ts that covers it. */
  row?: string;
  /** Why no row is needed (an annotation: it changes nothing that is valid). */
  reason?: string;
}

const ANNOTATION = "an annotation: no value or exchange becomes valid or invalid";
const CONTENT_VOCABULARY =
  "the content vocabulary annotates in JSON Schema 2020-12: validators do not assert it, so no value becomes valid or invalid";
const fields = (object: string, list: Array<[string, string | undefined, string?]>): LanguageEntry[] =>
  list.map(([field, row, reason]) => ({
    keyword: `${object}.${field}`,
    ...(row ? { row } : {}),
    ...(reason ? { reason } : {}),
  }));

/** The JSON Schema keywords that change what is valid: each has a row of the same name in table.ts. */
export const SCHEMA_ROWS = [
  "type",
  "enum",
  "const",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "items",
  "prefixItems",
  "unevaluatedItems",
  "required",
  "properties",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "unevaluatedProperties",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "if",
  "then",
  "else",
  "not",
  "allOf",
  "anyOf",
  "oneOf",
  "$ref",
  "readOnly",
  "writeOnly",
];

export const SPEC_LANGUAGE: LanguageEntry[] = [
  ...SCHEMA_ROWS.map((k) => ({ keyword: `JSON Schema.${k}`, row: k })),
  ...fields("JSON Schema", [
    ["title", undefined, ANNOTATION],
    ["description", undefined, ANNOTATION],
    ["examples", undefined, ANNOTATION],
    ["$comment", undefined, ANNOTATION],
    ["deprecated", undefined, "a policy, not a constraint: the deprecation rules judge its removal"],
    [
      "default",
      undefined,
      "what a server assumes for a missing value; clients send and read the same values",
    ],
    ["$defs", undefined, "a place for schemas, judged where they are referred to"],
    [
      "$id",
      undefined,
      "it re-bases every `$ref` inside it: the gate rewrites those references, and those naming the resource, as JSON pointers into the bundle before comparing (src/resolve-identifiers.ts), so a change behind them is judged as behind any `$ref`; a `$ref` to an `$id` outside the bundle is refused (exit 2, naming it)",
    ],
    ["$schema", "$schema: draft-07 (items, additionalItems)"],
    ["$anchor", "$anchor / $dynamicAnchor"],
    ["$dynamicRef", "$dynamicRef (several anchors)"],
    ["$dynamicAnchor", "$anchor / $dynamicAnchor"],
    [
      "$vocabulary",
      undefined,
      "it has effect in a meta-schema only and is ignored in any other schema (JSON Schema 2020-12 core, 8.1.2): an API's schemas are not meta-schemas",
    ],
    ["contentEncoding", undefined, CONTENT_VOCABULARY],
    ["contentMediaType", undefined, CONTENT_VOCABULARY],
    ["contentSchema", undefined, CONTENT_VOCABULARY],
  ]),
  ...fields("OpenAPI", [
    ["servers", "servers"],
    ["paths", "operation"],
    ["security", "security (requirement)"],
    ["components", "schema component name"],
    ["info", undefined, ANNOTATION],
    ["tags", undefined, ANNOTATION],
    ["externalDocs", undefined, ANNOTATION],
    ["openapi", "openapi (version)"],
    ["jsonSchemaDialect", "jsonSchemaDialect"],
    ["webhooks", "webhooks"],
  ]),
  ...fields("Path Item", [
    ["get, put, post, delete, options, head, patch, trace", "operation"],
    ["parameters", "parameter in"],
    ["summary", undefined, ANNOTATION],
    ["description", undefined, ANNOTATION],
    ["servers", "operation servers"],
    ["$ref", "path item $ref"],
  ]),
  ...fields("Operation", [
    ["operationId", "operationId"],
    ["parameters", "parameter schema"],
    ["requestBody", "request body required"],
    ["responses", "status codes"],
    ["security", "security (requirement)"],
    ["summary", "operationId"],
    ["tags", undefined, ANNOTATION],
    ["description", undefined, ANNOTATION],
    ["externalDocs", undefined, ANNOTATION],
    ["deprecated", undefined, "a policy, not a constraint: the deprecation rules judge its removal"],
    ["servers", "operation servers"],
    ["callbacks", "callbacks"],
  ]),
  ...fields("Parameter", [
    ["in", "parameter in"],
    ["required", "parameter required"],
    ["style", "parameter style"],
    ["explode", "parameter explode"],
    ["schema", "parameter schema"],
    ["name", "parameter name"],
    ["description", undefined, ANNOTATION],
    ["example", undefined, ANNOTATION],
    ["examples", undefined, ANNOTATION],
    ["deprecated", undefined, "a policy, not a constraint: the deprecation rules judge its removal"],
    ["allowEmptyValue", "parameter allowEmptyValue"],
    ["allowReserved", "parameter allowReserved"],
    ["content", "parameter content"],
  ]),
  ...fields("Header", [
    ["required", "header required"],
    ["schema", "headers"],
    ["description", undefined, ANNOTATION],
    ["example", undefined, ANNOTATION],
    ["examples", undefined, ANNOTATION],
    ["deprecated", undefined, "a policy, not a constraint"],
    ["style", "header style / explode"],
    ["explode", "header style / explode"],
    ["content", "header content"],
  ]),
  ...fields("Request Body", [
    ["content", "request media type"],
    ["required", "request body required"],
    ["description", undefined, ANNOTATION],
  ]),
  ...fields("Media Type", [
    ["schema", "request media type"],
    ["example", undefined, ANNOTATION],
    ["examples", undefined, ANNOTATION],
    ["encoding", "media type encoding"],
  ]),
  ...fields("Response", [
    ["content", "response media type"],
    ["headers", "headers"],
    ["description", "response media type"],
    ["links", undefined, ANNOTATION],
  ]),
  ...fields("Server", [
    ["url", "servers"],
    ["description", "servers"],
    ["variables", "server variables"],
  ]),
  ...fields("Server Variable", [
    ["default", "server variables"],
    ["enum", "server variable enum"],
    ["description", undefined, ANNOTATION],
  ]),
  ...fields("Discriminator", [
    ["propertyName", "discriminator / mapping"],
    ["mapping", "discriminator / mapping"],
  ]),
  ...fields("Security Scheme", [
    ["name", "security (scheme)"],
    ["description", "security (scheme)"],
    ["type", "security scheme type"],
    ["in", "security scheme in"],
    ["scheme", "security scheme scheme"],
    [
      "bearerFormat",
      undefined,
      "a hint about how the server made its tokens, for documentation: the token a client sends is the same",
    ],
    ["flows", "security scheme flows"],
    ["openIdConnectUrl", "security scheme openIdConnectUrl"],
  ]),
  ...fields("Security Requirement", [["{name}: [scopes]", "security (requirement)"]]),
];
