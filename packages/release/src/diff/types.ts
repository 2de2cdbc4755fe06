/** Which side of the exchange a schema describes: what the consumer sends, or what it reads. */
export type Direction = "request" | "response";

/** A line in a file of `spec/`. */
export interface SourceLocation {
  file: string;
  line: number;
}

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are untyped JSON here
export type Json = any;

/** A node of a bundle with the JSON pointer it lives at (after following `$ref`s). */
export interface Located {
  value: Json;
  ptr: string;
}
