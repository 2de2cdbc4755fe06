// Judges one HTTP response against the operation it answers, through the document model of
// @cloud-contract/spec: `checkResponse` decides whether the status is documented, the content type is
// one the status lists, and the body matches its schema. This file adds what only the suite needs:
// operation labels, messages, and accepting Prism's own problem bodies when asked to.
import {
  type DocumentModel,
  type ViolationKind as Kind,
  loadDocument,
  type OpenApiDocument,
  type Operation,
  openDocument,
  mediaType as parseMediaType,
  matchStatus as statusKey,
  type Violation,
} from "@cloud-contract/spec/document";

/** What the suite observed on the wire. `body` is the parsed JSON (or text), `undefined` when empty. */
export interface ObservedResponse {
  status: number;
  contentType: string | null;
  body: unknown;
}

export type ViolationKind = Kind;
export type ResponseViolation = Violation;

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  /** Documented status keys as written in the spec ("200", "4XX", "default", …). */
  statuses: string[];
}

export interface ResponseReport {
  operation: OperationInfo;
  status: number;
  contentType: string | null;
  /** The documented status key that matched, if any. */
  documentedAs?: string;
  /** Prism's own request-validation answer (application/problem+json), accepted as a mock limitation. */
  prismProblem: boolean;
  violations: ResponseViolation[];
}

export interface CheckOptions {
  /**
   * Accept Prism's own application/problem+json error bodies for 4xx statuses instead of failing them.
   * Prism writes them when it cannot answer a broken request from the spec (see the README).
   */
  acceptPrismProblems?: boolean;
}

export interface ResponseValidator {
  readonly doc: OpenApiDocument;
  readonly operations: ReadonlyMap<string, OperationInfo>;
  /** Checks one response of the operation; never throws for a broken response. */
  check(operationId: string, observed: ObservedResponse, options?: CheckOptions): ResponseReport;
  /** Checks a value against `components.schemas[name]` and returns the violations. */
  checkSchema(name: string, value: unknown): ResponseViolation[];
}

const infoOf = ({ operationId, method, path, statuses }: Operation): OperationInfo => ({
  operationId,
  method,
  path,
  statuses,
});

const modelOf = (doc: OpenApiDocument | undefined): DocumentModel =>
  doc === undefined ? loadDocument() : openDocument(doc);

/** The operations of a document with their method, path and documented statuses, in document order. */
export function listOperations(doc?: OpenApiDocument): OperationInfo[] {
  return modelOf(doc).operations.map(infoOf);
}

/** The documented status key for a status (the model's matcher): exact, then `4XX`, then `default`. */
export const matchStatus = statusKey;

/** The media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
export const mediaType = parseMediaType;

const PRISM_PROBLEM = "application/problem+json";

/** Builds a validator over a bundled document (the package's own bundle unless one is given). */
export function createResponseValidator(doc?: OpenApiDocument): ResponseValidator {
  const model = modelOf(doc);
  const operations = new Map(model.operations.map((op) => [op.operationId, infoOf(op)]));

  function check(
    operationId: string,
    observed: ObservedResponse,
    options: CheckOptions = {},
  ): ResponseReport {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`unknown operationId "${operationId}"`);
    const base = { operation, status: observed.status, contentType: observed.contentType };
    if (
      options.acceptPrismProblems &&
      mediaType(observed.contentType) === PRISM_PROBLEM &&
      observed.status >= 400 &&
      observed.status < 500
    ) {
      return { ...base, prismProblem: true, violations: [] };
    }
    const verdict = model.checkResponse(operationId, observed.status, observed.contentType, observed.body);
    return {
      ...base,
      ...(verdict.documentedAs === undefined ? {} : { documentedAs: verdict.documentedAs }),
      prismProblem: false,
      violations: verdict.violations,
    };
  }

  return {
    doc: model.doc,
    operations,
    check,
    checkSchema: (name, value) => toViolations(model.checkSchema(name, value)),
  };
}

function toViolations(errors: { pointer: string; message: string; value: unknown }[]): ResponseViolation[] {
  return errors.map((e) => ({ kind: "body", pointer: e.pointer, message: e.message, value: e.value }));
}

/** A value for a message: JSON, cut to `max` characters. */
export function preview(value: unknown, max = 120): string {
  let text: string;
  try {
    text = value === undefined ? "undefined" : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `getTask (GET /cloud/v1/tasks/{task_id})` */
export function operationLabel(operation: OperationInfo): string {
  return `${operation.operationId} (${operation.method} ${operation.path})`;
}

/** One line per violation, each naming the operation, the status, the JSON pointer and the value. */
export function describeReport(report: ResponseReport): string {
  const head = `${operationLabel(report.operation)} → ${report.status} ${mediaType(report.contentType) ?? "(no content type)"}`;
  return report.violations
    .map((v) => `${head}: ${v.pointer} ${v.message}; got ${preview(v.value)}`)
    .join("\n");
}

/** Thrown by the suite when a response breaks the contract. */
export class ContractViolationError extends Error {
  override readonly name = "ContractViolationError";
  constructor(readonly report: ResponseReport) {
    super(`response breaks the contract:\n${describeReport(report)}`);
  }
}

/** Checks a response and throws ContractViolationError when it breaks the contract. */
export function assertResponse(
  validator: ResponseValidator,
  operationId: string,
  observed: ObservedResponse,
  options: CheckOptions = {},
): ResponseReport {
  const report = validator.check(operationId, observed, options);
  if (report.violations.length > 0) throw new ContractViolationError(report);
  return report;
}
