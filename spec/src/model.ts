// The typed model of a bundled OpenAPI document: its operations, its `$ref`s, its routes and the one
// answer to "is this response part of the contract?". Every package asks it; none re-derives it. It takes a
// parsed document and imports no Node module, so it runs in browsers too (./document adds the files).
import { judgeResponse, type ResponseVerdict } from "./check-response.js";
import { isObject, type Json } from "./json.js";
import { indexOperations, type Operation, type Parameter } from "./operations.js";
import { dereference, type Resolved, resolveRef } from "./resolve.js";
import { type RouteMatch, Router } from "./router.js";
import { buildSampleRequest, type Fixtures, parameterExample, type SampleRequest } from "./sample-request.js";
import { secretPropertyNames } from "./secrets.js";
import {
  createSchemaValidator,
  type OpenApiDocument,
  type SchemaError,
  type ValidationResult,
  type ValidatorOptions,
} from "./validator.js";

export type { ResponseVerdict, Violation, ViolationKind } from "./check-response.js";
export { type ResponseExample, responseExamples } from "./examples.js";
export { isObject, type Json } from "./json.js";
export {
  evaluateEach,
  evaluateExpression,
  type Link,
  type LinkSource,
  type OperationLink,
  pointAt,
} from "./links.js";
export {
  HTTP_METHODS,
  type HttpMethod,
  type MediaTypeObject,
  type Operation,
  type OperationDeprecation,
  type Parameter,
  type RateLimit,
  type RequestBody,
  type ResponseObject,
} from "./operations.js";
export { dereference, type Resolved, resolveRef } from "./resolve.js";
export { type RouteMatch, Router } from "./router.js";
export type { Fixtures, QueryValue, SampleRequest } from "./sample-request.js";
export { secretPropertyNames } from "./secrets.js";
export { isJsonMediaType, matchMediaType, matchStatus, mediaType } from "./status.js";
export type {
  OpenApiDocument,
  SchemaError,
  ValidationResult,
  ValidatorOptions,
} from "./validator.js";

export interface DocumentModel {
  /** The parsed document. */
  readonly doc: OpenApiDocument;
  /** Every operation, in the order of `paths`. */
  readonly operations: readonly Operation[];
  /** The operation with this operationId; throws for an unknown one. */
  operation(operationId: string): Operation;
  /** The operation with this operationId, or undefined. */
  findOperation(operationId: string): Operation | undefined;
  /** The operation a request goes to (`path` without the query, still percent-encoded). */
  route(method: string, path: string): RouteMatch<Operation>;
  /** Follows local `$ref`s from `node`. */
  resolve<T = Json>(node: unknown): T;
  /** Like `resolve`, also naming the last `$ref` followed. */
  dereference<T = Json>(node: unknown): Resolved<T>;
  /** A check of values against a schema of the document (compiled once per schema object). */
  compile(schema: object): (value: unknown) => ValidationResult;
  /**
   * One valid request of the operation: each parameter with an `x-sandbox-fixture` takes that fixture's value
   * from `fixtures` (the sandbox's `SANDBOX_FIXTURES`, or a target's ids under the same names) when it holds
   * one, else its example, as every other required parameter does; the body is the request body's first
   * example. Throws for an unknown operationId or a path parameter with no value.
   */
  sampleRequest(operationId: string, fixtures?: Fixtures): SampleRequest;
  /** A parameter's example: its own, else its schema's first, else its schema's default. */
  parameterExample(parameter: Parameter): unknown;
  /** Checks a value against `components.schemas[name]`. */
  checkSchema(name: string, value: unknown): SchemaError[];
  /** The names of the properties the document marks as secret (`x-secret: true` or `format: password`). */
  readonly secretProperties: ReadonlySet<string>;
  /**
   * Judges one response: is the status documented for the operation (exact, then `4XX`, then `default`),
   * is the content type one it lists, and does the body match its schema? Never throws for a broken
   * response; throws for an unknown operationId.
   */
  checkResponse(
    operationId: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ): ResponseVerdict;
}

/** Builds the model of a parsed document (any OpenAPI 3.x document whose `$ref`s are all local). */
export function openDocument(doc: OpenApiDocument, options: ValidatorOptions = {}): DocumentModel {
  const operations = indexOperations(doc);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  let router: Router<Operation> | undefined;
  let secrets: Set<string> | undefined;
  let validator: ReturnType<typeof createSchemaValidator> | undefined;
  const compile = (schema: object) => {
    validator ??= createSchemaValidator(doc, options);
    return validator.compile(schema);
  };
  const operation = (operationId: string) => {
    const found = byId.get(operationId);
    if (!found) throw new Error(`unknown operationId "${operationId}"`);
    return found;
  };

  return {
    doc,
    operations,
    operation,
    findOperation: (operationId) => byId.get(operationId),
    route(method, path) {
      if (!router) {
        router = new Router<Operation>();
        for (const op of operations) router.add(op.method, op.path, op);
      }
      return router.match(method, path);
    },
    get secretProperties() {
      secrets ??= secretPropertyNames(doc);
      return secrets;
    },
    resolve: (node) => resolveRef(doc, node),
    dereference: (node) => dereference(doc, node),
    compile,
    sampleRequest: (operationId, fixtures) => buildSampleRequest(doc, operation(operationId), fixtures),
    parameterExample: (parameter) => parameterExample(doc, parameter),
    checkSchema(name, value) {
      const schemas =
        isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
      const schema = schemas[name];
      if (!isObject(schema)) throw new Error(`unknown schema "${name}"`);
      return compile(schema)(value).errors;
    },
    checkResponse: (operationId, status, contentType, body) =>
      judgeResponse(
        operation(operationId),
        status,
        contentType,
        body,
        (schema, value) => compile(schema)(value).errors,
      ),
  };
}
