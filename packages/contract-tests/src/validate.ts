// Judges one HTTP response against the operation it answers, as the bundled spec documents it:
// the status must be documented, the content type must be one the status lists, and the body must
// match that content type's schema. Schemas are compiled once, by the shared validator of the spec.
import { createSchemaValidator, loadBundle, type OpenApiDocument } from "@cloud-contract/spec/validator";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** What the suite observed on the wire. `body` is the parsed JSON (or text), `undefined` when empty. */
export interface ObservedResponse {
  status: number;
  contentType: string | null;
  body: unknown;
}

export type ViolationKind = "status" | "content-type" | "body";

export interface ResponseViolation {
  kind: ViolationKind;
  /** JSON pointer into the body ("/" for the body itself). */
  pointer: string;
  message: string;
  /** The offending value (the status or the content type for those kinds). */
  value: unknown;
}

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

interface MediaTypeObject {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaTypeObject>;
}
interface IndexedOperation extends OperationInfo {
  responses: Record<string, ResponseObject>;
}

export interface ResponseValidator {
  readonly doc: OpenApiDocument;
  readonly operations: ReadonlyMap<string, OperationInfo>;
  /** Checks one response of the operation; never throws for a broken response. */
  check(operationId: string, observed: ObservedResponse, options?: CheckOptions): ResponseReport;
  /** Checks a value against `components.schemas[name]` and returns the violations. */
  checkSchema(name: string, value: unknown): ResponseViolation[];
}

/** Follows local `$ref`s (`#/a/b`) until a non-reference object is reached. */
export function deref<T>(doc: OpenApiDocument, value: unknown): T {
  let current = value as { $ref?: unknown } | undefined;
  for (let depth = 0; depth < 20 && current && typeof current.$ref === "string"; depth++) {
    const ref = current.$ref;
    if (!ref.startsWith("#/")) throw new Error(`only local references are supported, got ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc) as
      | { $ref?: unknown }
      | undefined;
    if (current === undefined) throw new Error(`unresolved reference ${ref}`);
  }
  return current as T;
}

function indexOperations(doc: OpenApiDocument): Map<string, IndexedOperation> {
  const operations = new Map<string, IndexedOperation>();
  for (const [path, rawItem] of Object.entries<Record<string, unknown>>(doc.paths ?? {})) {
    const item = deref<Record<string, unknown>>(doc, rawItem);
    for (const method of METHODS) {
      const op = item[method] as { operationId?: string; responses?: Record<string, unknown> } | undefined;
      if (!op?.operationId) continue;
      const responses: Record<string, ResponseObject> = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        responses[status] = deref<ResponseObject>(doc, response);
      }
      operations.set(op.operationId, {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        statuses: Object.keys(responses),
        responses,
      });
    }
  }
  return operations;
}

/** The operations of a document with their method, path and documented statuses, in document order. */
export function listOperations(doc: OpenApiDocument = loadBundle()): OperationInfo[] {
  return [...indexOperations(doc).values()].map(({ responses: _responses, ...info }) => info);
}

/** The documented status key for a status: exact code first, then the `4XX`-style range, then `default`. */
export function matchStatus(statuses: readonly string[], status: number): string | undefined {
  const exact = String(status);
  if (statuses.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  const ranged = statuses.find((key) => key.toUpperCase() === range);
  if (ranged) return ranged;
  return statuses.includes("default") ? "default" : undefined;
}

/** The media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

function matchContent(content: Record<string, MediaTypeObject>, type: string): MediaTypeObject | undefined {
  const exact = Object.entries(content).find(([key]) => key.toLowerCase() === type);
  if (exact) return exact[1];
  const [major] = type.split("/");
  const wildcard = content[`${major}/*`] ?? content["*/*"];
  return wildcard;
}

function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || body === "";
}

const PRISM_PROBLEM = "application/problem+json";

/** Builds a validator over a bundled document (the package's own bundle unless one is given). */
export function createResponseValidator(doc: OpenApiDocument = loadBundle()): ResponseValidator {
  const schemas = createSchemaValidator(doc);
  const indexed = indexOperations(doc);
  const compiled = new Map<object, (value: unknown) => { valid: boolean; errors: ResponseViolation[] }>();

  function compile(schema: object) {
    let check = compiled.get(schema);
    if (!check) {
      const validate = schemas.compile(schema);
      check = (value: unknown) => {
        const result = validate(value);
        return {
          valid: result.valid,
          errors: result.errors.map((e) => ({
            kind: "body" as const,
            pointer: e.pointer,
            message: e.message,
            value: e.value,
          })),
        };
      };
      compiled.set(schema, check);
    }
    return check;
  }

  // Compile every response schema up front: a schema Ajv rejects (strict mode, unknown format)
  // fails here, once, and not in the middle of a test.
  for (const operation of indexed.values()) {
    for (const response of Object.values(operation.responses)) {
      for (const media of Object.values(response.content ?? {})) {
        if (media.schema) compile(media.schema);
      }
    }
  }

  function check(
    operationId: string,
    observed: ObservedResponse,
    options: CheckOptions = {},
  ): ResponseReport {
    const operation = indexed.get(operationId);
    if (!operation) throw new Error(`unknown operationId "${operationId}"`);
    const { responses, ...info } = operation;
    const report: ResponseReport = {
      operation: info,
      status: observed.status,
      contentType: observed.contentType,
      prismProblem: false,
      violations: [],
    };
    const type = mediaType(observed.contentType);

    if (
      options.acceptPrismProblems &&
      type === PRISM_PROBLEM &&
      observed.status >= 400 &&
      observed.status < 500
    ) {
      report.prismProblem = true;
      return report;
    }

    const documentedAs = matchStatus(operation.statuses, observed.status);
    if (documentedAs === undefined) {
      report.violations.push({
        kind: "status",
        pointer: "/",
        message: `status ${observed.status} is not documented (documented: ${operation.statuses.join(", ")})`,
        value: observed.status,
      });
      return report;
    }
    report.documentedAs = documentedAs;
    const content = responses[documentedAs]?.content;

    if (!content || Object.keys(content).length === 0) {
      if (!isEmptyBody(observed.body)) {
        report.violations.push({
          kind: "body",
          pointer: "/",
          message: `status ${documentedAs} documents no body, but one was sent`,
          value: observed.body,
        });
      }
      return report;
    }

    const media = type === undefined ? undefined : matchContent(content, type);
    if (media === undefined) {
      report.violations.push({
        kind: "content-type",
        pointer: "/",
        message: `content type ${observed.contentType ?? "(none)"} is not documented for ${documentedAs} (documented: ${Object.keys(content).join(", ")})`,
        value: observed.contentType,
      });
      return report;
    }
    if (observed.body === undefined) {
      report.violations.push({ kind: "body", pointer: "/", message: "the body is empty", value: undefined });
      return report;
    }
    if (media.schema) report.violations.push(...compile(media.schema)(observed.body).errors);
    return report;
  }

  function checkSchema(name: string, value: unknown): ResponseViolation[] {
    const schema = doc.components?.schemas?.[name];
    if (!schema) throw new Error(`unknown schema "${name}"`);
    return compile(schema)(value).errors;
  }

  const operations = new Map<string, OperationInfo>(
    [...indexed].map(([id, { responses: _responses, ...info }]) => [id, info]),
  );
  return { doc, operations, check, checkSchema };
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
