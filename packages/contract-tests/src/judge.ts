// The one place the suite's new parts (record, replay, generate) ask "is this response part of the
// contract?". Today it asks the suite's validator (validate.ts); switching to the spec's document model
// (`checkResponse(operationId, status, contentType, body)`) means changing this file only.
import { createSchemaValidator, loadBundle, type OpenApiDocument } from "@cloud-contract/spec/validator";
import {
  type CheckOptions,
  createResponseValidator,
  describeReport,
  type OperationInfo,
  type ResponseReport,
} from "./validate.js";

export type { OperationInfo, ResponseReport as Verdict };

export interface Judge {
  /** The bundle the verdicts come from. */
  readonly doc: OpenApiDocument;
  /** The operations of the spec, in document order. */
  readonly operations: readonly OperationInfo[];
  /** Judges one response of an operation: documented status, content type, body schema. */
  checkResponse(
    operationId: string,
    status: number,
    contentType: string | null,
    body: unknown,
    options?: CheckOptions,
  ): ResponseReport;
  /** Whether a value matches `components.schemas[name]`. */
  matchesSchema(name: string, value: unknown): boolean;
  /** The errors of a value against a schema object of the bundle (a request body, a parameter, a branch). */
  schemaErrors(schema: object, value: unknown): SchemaError[];
}

export interface SchemaError {
  pointer: string;
  message: string;
  keyword: string;
  value: unknown;
}

/** A judge over a bundle (the package's own unless one is given). */
export function createJudge(doc: OpenApiDocument = loadBundle()): Judge {
  const validator = createResponseValidator(doc);
  const schemas = createSchemaValidator(doc);
  return {
    doc,
    operations: [...validator.operations.values()],
    checkResponse: (operationId, status, contentType, body, options) =>
      validator.check(operationId, { status, contentType, body }, options),
    matchesSchema: (name, value) => validator.checkSchema(name, value).length === 0,
    schemaErrors: (schema, value) => schemas.compile(schema)(value).errors,
  };
}

/** One line per violation: operation, status, content type, JSON pointer, message and value. */
export function describeVerdict(verdict: ResponseReport): string {
  return describeReport(verdict);
}
