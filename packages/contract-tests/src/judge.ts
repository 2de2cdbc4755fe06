// The one place the suite's new parts (record, replay, generate) ask "is this response part of the
// contract?": the suite's validator (validate.ts), which answers with the document model's `checkResponse`.
import { loadDocument, type OpenApiDocument, openDocument } from "@cloud-contract/spec/document";
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
  /** The operation a concrete request addresses (`GET /cloud/v1/tasks/abc` → getTask), by the model's router. */
  route(method: string, pathname: string): RouteMatch | undefined;
  /** Whether a value matches `components.schemas[name]`. */
  matchesSchema(name: string, value: unknown): boolean;
  /** The errors of a value against a schema object of the bundle (a request body, a parameter, a branch). */
  schemaErrors(schema: object, value: unknown): SchemaError[];
}

export interface RouteMatch {
  operation: OperationInfo;
  /** Path parameters, decoded. */
  params: Record<string, string>;
}

export interface SchemaError {
  pointer: string;
  message: string;
  keyword: string;
  value: unknown;
}

/** A judge over a bundle (the package's own unless one is given). */
export function createJudge(doc: OpenApiDocument = loadDocument().doc): Judge {
  const validator = createResponseValidator(doc);
  const model = openDocument(doc);
  return {
    doc,
    operations: [...validator.operations.values()],
    checkResponse: (operationId, status, contentType, body, options) =>
      validator.check(operationId, { status, contentType, body }, options),
    route(method, pathname) {
      const match = model.route(method, pathname);
      const operation = match.route && validator.operations.get(match.route.operationId);
      if (!operation) return undefined;
      const params = Object.fromEntries(
        Object.entries(match.params).map(([name, raw]) => [name, decodeURIComponent(raw)]),
      );
      return { operation, params };
    },
    matchesSchema: (name, value) => validator.checkSchema(name, value).length === 0,
    schemaErrors: (schema, value) => model.compile(schema)(value).errors,
  };
}

/** One line per violation: operation, status, content type, JSON pointer, message and value. */
export function describeVerdict(verdict: ResponseReport): string {
  return describeReport(verdict);
}
