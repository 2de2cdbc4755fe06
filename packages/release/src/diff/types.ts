/** How a difference between two versions of the spec affects existing consumers. */
export type Severity = "breaking" | "non-breaking";

/** Which side of the exchange a schema describes: what the consumer sends, or what it reads. */
export type Direction = "request" | "response";

/** The kinds of difference the comparer recognises; each has a fixed meaning, documented in README.md. */
export type ChangeRule =
  | "operation-removed"
  | "operation-added"
  | "operation-id-changed"
  | "operation-deprecated"
  | "security-changed"
  | "parameter-removed"
  | "parameter-added"
  | "parameter-required"
  | "parameter-optional"
  | "parameter-style-changed"
  | "request-body-removed"
  | "request-body-added"
  | "request-body-required"
  | "request-body-optional"
  | "media-type-removed"
  | "media-type-added"
  | "response-removed"
  | "response-added"
  | "field-removed"
  | "field-added"
  | "field-required"
  | "field-optional"
  | "type-narrowed"
  | "type-widened"
  | "enum-value-removed"
  | "enum-value-added"
  | "limit-narrowed"
  | "limit-widened"
  | "variant-removed"
  | "variant-added"
  | "discriminator-changed"
  | "component-removed"
  | "component-added";

export interface Change {
  severity: Severity;
  rule: ChangeRule;
  /** Where it happened: "POST /cdn/resources/{res_id} request body application/json #/properties/sslEnabled". */
  where: string;
  message: string;
}

export interface DiffResult {
  changes: Change[];
  breaking: Change[];
  nonBreaking: Change[];
}

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are untyped JSON here
export type Json = any;

/** Follows local `$ref`s of one document (the document model's `dereference`). */
export type Resolve = (node: Json) => { value: Json; ref: string | undefined };
