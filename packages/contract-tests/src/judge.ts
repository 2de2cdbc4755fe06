// The one place the suite, generate, record and replay ask "is this response part of the contract?":
// the spec model's `checkResponse`, whose ResponseVerdict is the one verdict everything passes on. This
// file adds only what the suite needs around it: routing a concrete request, the words of a verdict
// (operation, status, JSON pointer, value), the error a test throws, and Prism's own answers.
import {
  type DocumentModel,
  loadDocument,
  mediaType,
  type OpenApiDocument,
  type Operation,
  openDocument,
  type ResponseVerdict,
} from "@cloud-contract/spec/document";

export interface Judge {
  /** The model the verdicts come from. */
  readonly model: DocumentModel;
  /** The bundle the verdicts come from. */
  readonly doc: OpenApiDocument;
  /** The operations of the spec, in document order. */
  readonly operations: readonly Operation[];
  /** Judges one response of an operation: documented status, content type, body schema (the model's). */
  readonly checkResponse: DocumentModel["checkResponse"];
  /** The operation a concrete request addresses (`GET /cloud/v1/tasks/abc` → getTask), by the model's router. */
  route(method: string, pathname: string): RouteMatch | undefined;
  /** Whether a value matches `components.schemas[name]`. */
  matchesSchema(name: string, value: unknown): boolean;
  /** The errors of a value against a schema object of the bundle (a request body, a parameter, a branch). */
  schemaErrors(schema: object, value: unknown): SchemaError[];
  /** One line per violation of a verdict: operation, status, content type, JSON pointer, message, value. */
  describe(verdict: ResponseVerdict): string;
}

export interface RouteMatch {
  operation: Operation;
  /** Path parameters, decoded. */
  params: Record<string, string>;
}

export interface SchemaError {
  pointer: string;
  message: string;
  keyword: string;
  value: unknown;
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
export function operationLabel(operation: Pick<Operation, "operationId" | "method" | "path">): string {
  return `${operation.operationId} (${operation.method} ${operation.path})`;
}

/** One line per violation, each naming the operation, the status, the JSON pointer and the value. */
export function describeVerdict(verdict: ResponseVerdict, operation: Operation): string {
  const head = `${operationLabel(operation)} → ${verdict.status} ${mediaType(verdict.contentType) ?? "(no content type)"}`;
  return verdict.violations
    .map((v) => `${head}: ${v.pointer} ${v.message}; got ${preview(v.value)}`)
    .join("\n");
}

/** Thrown by the suite when a response breaks the contract. */
export class ContractViolationError extends Error {
  override readonly name = "ContractViolationError";
  constructor(
    readonly verdict: ResponseVerdict,
    operation: Operation,
  ) {
    super(`response breaks the contract:\n${describeVerdict(verdict, operation)}`);
  }
}

const PRISM_PROBLEM = "application/problem+json";

/**
 * Prism's own answer to a request it cannot serve from the spec (an application/problem+json 4xx). A
 * Prism the suite started is excused for it (see the README); its verdict is not changed.
 */
export function isPrismProblem(status: number, contentType: string | null): boolean {
  return mediaType(contentType) === PRISM_PROBLEM && status >= 400 && status < 500;
}

/** A judge over a bundle (the package's own unless one is given). */
export function createJudge(doc?: OpenApiDocument): Judge {
  return judgeOver(doc === undefined ? loadDocument() : openDocument(doc));
}

/** A judge over a bundled spec file (JSON), or over the package's own spec. */
export function judgeOfFile(specPath: string | undefined): Judge {
  return judgeOver(loadDocument(specPath));
}

function judgeOver(model: DocumentModel): Judge {
  return {
    model,
    doc: model.doc,
    operations: model.operations,
    checkResponse: (operationId, status, contentType, body) =>
      model.checkResponse(operationId, status, contentType, body),
    route(method, pathname) {
      const match = model.route(method, pathname);
      if (!match.route) return undefined;
      const params = Object.fromEntries(
        Object.entries(match.params).map(([name, raw]) => [name, decodeURIComponent(raw)]),
      );
      return { operation: match.route, params };
    },
    matchesSchema: (name, value) => model.checkSchema(name, value).length === 0,
    schemaErrors: (schema, value) => model.compile(schema)(value).errors,
    describe: (verdict) => describeVerdict(verdict, model.operation(verdict.operationId)),
  };
}
