/** How much a change matters to existing consumers: error breaks them, warning may, info does not. */
export type Level = "error" | "warning" | "info";

/**
 * Every rule the comparer applies, with its level and what it means. A rule whose `policy` is set is a
 * promise to consumers (deprecation notice): a major bump does not excuse it, only a waiver does.
 */
export const RULES = {
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
  "deprecated-without-sunset": { level: "warning", summary: "deprecated without an `x-sunset` date" },
  "sunset-moved-earlier": { level: "error", policy: true, summary: "a sunset date moved earlier" },
  "sunset-notice-too-short": {
    level: "error",
    policy: true,
    summary: "a sunset comes sooner than the stability level's minimum notice",
  },
  "security-alternative-removed": {
    level: "error",
    summary: "a way of authenticating that worked is no longer accepted",
  },
  "security-alternative-added": { level: "info", summary: "one more way of authenticating" },
  "security-scheme-changed": {
    level: "error",
    summary: "a security scheme's type, name or location changed",
  },
  "server-changed": { level: "error", summary: "a server URL that worked is gone" },
  "server-added": { level: "info", summary: "one more server URL" },
  "request-parameter-removed": { level: "warning", summary: "a parameter is no longer documented" },
  "request-parameter-removed-after-sunset": {
    level: "info",
    summary: "a deprecated parameter is gone after its sunset",
  },
  "request-parameter-removed-before-sunset": {
    level: "error",
    policy: true,
    summary: "a deprecated parameter is gone before its sunset date",
  },
  "request-parameter-added-required": { level: "error", summary: "a new required parameter" },
  "request-parameter-added-optional": { level: "info", summary: "a new optional parameter" },
  "request-parameter-became-required": { level: "error", summary: "an optional parameter is now required" },
  "request-parameter-became-optional": { level: "info", summary: "a required parameter is now optional" },
  "request-parameter-moved": {
    level: "error",
    summary: "a parameter moved (query, header, path, cookie): what clients send is no longer read",
  },
  "request-parameter-serialization-changed": {
    level: "error",
    summary: "a parameter's style or explode changed",
  },
  "request-body-removed": { level: "warning", summary: "the request body is no longer documented" },
  "request-body-added-required": { level: "error", summary: "a new required request body" },
  "request-body-added-optional": { level: "info", summary: "a new optional request body" },
  "request-body-became-required": { level: "error", summary: "the request body is now required" },
  "request-body-became-optional": { level: "info", summary: "the request body is now optional" },
  "request-media-type-removed": { level: "error", summary: "a request media type is no longer accepted" },
  "request-media-type-added": { level: "info", summary: "one more request media type" },
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
  "request-type-narrowed": { level: "error", summary: "a request value's type accepts less" },
  "request-type-widened": { level: "info", summary: "a request value's type accepts more" },
  "request-enum-value-removed": { level: "error", summary: "a request value is no longer accepted" },
  "request-enum-value-added": { level: "info", summary: "one more accepted request value" },
  "request-limit-narrowed": {
    level: "error",
    summary: "a request limit (length, range, pattern, format, extra fields) is stricter",
  },
  "request-limit-widened": { level: "info", summary: "a request limit is looser" },
  "request-variant-removed": { level: "error", summary: "a request union no longer accepts a variant" },
  "request-variant-added": { level: "info", summary: "a request union accepts one more variant" },
  "request-discriminator-changed": {
    level: "error",
    summary: "a request union's discriminator (property or mapping) changed",
  },
  "request-constraint-changed": {
    level: "error",
    summary:
      "a request keyword the comparer does not model changed (not, if, contains, …): judged by its witness",
  },
  "request-property-read-only": {
    level: "error",
    summary: "a request field is now readOnly (not to be sent)",
  },
  "response-success-status-removed": { level: "error", summary: "a success status is gone" },
  "response-non-success-status-removed": { level: "warning", summary: "an error status is gone" },
  "response-success-status-added": { level: "warning", summary: "a new success status" },
  "response-non-success-status-added": { level: "info", summary: "a new error status" },
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
  "response-media-type-removed": { level: "error", summary: "a response media type is gone" },
  "response-media-type-added": { level: "info", summary: "one more response media type" },
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
  "response-type-widened": { level: "error", summary: "a response value may now be of another type" },
  "response-became-nullable": { level: "error", summary: "a response value may now be null" },
  "response-type-narrowed": { level: "info", summary: "a response value's type is narrower" },
  "response-enum-value-added": {
    level: "error",
    summary: "a response value consumers have not seen (an error when a witness proves it)",
  },
  "response-enum-value-removed": {
    level: "error",
    summary:
      "a response value is gone: code that compares with it no longer compiles against @cloud-contract/types",
  },
  "response-limit-widened": {
    level: "error",
    summary: "a response limit is looser (an error when a witness proves it)",
  },
  "response-limit-narrowed": { level: "info", summary: "a response limit is stricter" },
  "response-variant-added": { level: "error", summary: "a response union may hold a new variant" },
  "response-variant-removed": { level: "info", summary: "a response union no longer holds a variant" },
  "response-discriminator-changed": {
    level: "error",
    summary: "a response union's discriminator (property or mapping) changed",
  },
  "response-constraint-changed": {
    level: "error",
    summary:
      "a response keyword the comparer does not model changed (not, if, contains, …): judged by its witness",
  },
  "response-property-write-only": {
    level: "error",
    summary: "a response field is now writeOnly (no longer sent)",
  },
  "component-removed": {
    level: "error",
    summary: "a component is gone: @cloud-contract/types exports it by name",
  },
  "component-removed-untyped": {
    level: "info",
    summary: "a component the types do not export is gone (a security scheme, an example, a link)",
  },
  "component-added": { level: "info", summary: "a new component" },
} as const satisfies Record<string, { level: Level; summary: string; policy?: true }>;

export type RuleId = keyof typeof RULES;

export const levelOf = (rule: RuleId): Level => RULES[rule].level;
export const isPolicyRule = (rule: RuleId): boolean => "policy" in RULES[rule];
