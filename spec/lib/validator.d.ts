export interface SchemaError {
  /** JSON pointer into the validated value ("/" for the value itself). */
  pointer: string;
  message: string;
  keyword: string;
  params: Record<string, unknown>;
  /** The offending value at `pointer`. */
  value: unknown;
}
export interface ValidationResult {
  valid: boolean;
  errors: SchemaError[];
}
// biome-ignore lint/suspicious/noExplicitAny: the bundle is an untyped OpenAPI document
export type OpenApiDocument = any;
export declare function loadBundle(): OpenApiDocument;
export declare function createSchemaValidator(doc?: OpenApiDocument): {
  compile(schema: object): (value: unknown) => ValidationResult;
  doc: OpenApiDocument;
};
