import type { IncomingMessage, ServerResponse } from "node:http";
import type { DocumentModel, Json } from "@cloud-contract/spec/document";
import { type CompiledOperation, compileOperations } from "../openapi/operations.js";
import { ApiError, type ErrorService, errorBody, errorServiceOf } from "./api-error.js";
import { type KeyScope, parseApiKey, type ScopeKind, scopeAllows } from "./auth.js";
import { readBody } from "./read-body.js";
import { requestIdFactory } from "./request-id.js";
import { sandboxVerdict } from "./self-check.js";
import { sendJson } from "./send.js";
import { type InvalidFields, validationError } from "./validation-error.js";

/** The types of a request's parts once the pipeline has coerced and validated them. */
export interface RequestShape {
  params: object;
  query: object;
  body: unknown;
}

/** What a handler receives: the validated, typed request and the application it acts on. */
export interface RequestContext<App, R extends RequestShape = RequestShape> {
  app: App;
  operation: CompiledOperation;
  /** Path parameters, coerced to their schema types and validated. */
  params: R["params"];
  /** Query parameters, coerced, defaulted and validated; absent ones are missing. */
  query: R["query"];
  /** The parsed, validated body (undefined when none was sent). */
  body: R["body"];
  /** The caller's key and what it may touch. */
  key: string;
  scope: KeyScope;
  requestId: string;
  /** `http://host:port` the client used, for absolute links. */
  origin: string;
  /** The request path, still percent-encoded, without the query. */
  path: string;
  /** The raw query string, without `?`. */
  rawQuery: string;
  /** Throws 403 unless the caller's key may touch `id` of `kind`. */
  assertScope(kind: ScopeKind, id: number): void;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler<
  App,
  R extends RequestShape = RequestShape,
  Result extends HandlerResult = HandlerResult,
> = (ctx: RequestContext<App, R>) => Result;

/**
 * The handlers by operationId. Each may declare the exact types of its request (`Handler<App, R>`): the
 * pipeline only calls a handler with values it has validated against the operation's schemas, the same
 * schemas those types are generated from. (A method signature, so that the table accepts handlers with
 * narrower request types.)
 */
export type HandlerTable<App> = Record<string, { handle(ctx: RequestContext<App>): HandlerResult }["handle"]>;

/** A route outside the spec (debug endpoints): return true when it handled the request. */
export type ExtraRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  requestId: string,
) => boolean;

/** A call the server may answer itself before its handler runs (the sandbox's faults). */
export interface InterceptedCall {
  operation: CompiledOperation;
  /** The service whose error shapes the operation answers in. */
  service: ErrorService;
  key: string;
  req: IncomingMessage;
}

/** How an intercepted call is answered instead: `answer` replaces the handler, `send` writes its answer. */
export interface Interception {
  answer?: (res: ServerResponse, requestId: string) => void;
  send?: typeof sendJson;
}

export interface ApiHandlerOptions<App> {
  /** The model of the document that is served. */
  model: DocumentModel;
  app: App;
  /** The application a key acts on (its tenant); `app` for every key when not given. */
  appFor?: (key: string) => App;
  /** Called once the key is checked; what it returns replaces or reshapes the call's answer. */
  intercept?: (call: InterceptedCall) => Interception | undefined;
  handlers: HandlerTable<App>;
  /**
   * Called with the caller's application after every successful (2xx) answer to a method other than GET,
   * HEAD and OPTIONS. When it returns a promise (a durable commit), the answer is sent once it resolves, and
   * a 500 is sent instead when it rejects.
   */
  onWrite?: (app: App) => Promise<void> | undefined;
  /** The scope of a key, or undefined when the key is unknown. */
  lookupKey: (key: string) => KeyScope | undefined;
  /** Path parameters that name a scoped resource: a request for another one is answered 403. */
  scopedParams?: Record<string, ScopeKind>;
  /** Largest accepted body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Check every response against the spec and turn a violation into a 500 that names it. */
  validateResponses?: boolean;
  extraRoutes?: ExtraRoute[];
}

export interface ApiHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  operations: CompiledOperation[];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The request handler of a server driven by an OpenAPI document: routes by the document's paths,
 * checks the key, coerces and validates path, query and body with the document's schemas, calls the
 * operation's handler and answers errors in the shape of the operation's service with a documented status.
 */
export function createApiHandler<App>(options: ApiHandlerOptions<App>): ApiHandler {
  const { model } = options;
  const operations = compileOperations(model);
  const compiled = new Map(operations.map((op) => [op.operationId, op]));
  const nextRequestId = requestIdFactory();
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const scoped = Object.entries(options.scopedParams ?? {});
  const extra = options.extraRoutes ?? [];

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = nextRequestId();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const rawQuery = q === -1 ? "" : url.slice(q + 1);

    for (const route of extra) if (route(req, res, path, requestId)) return;

    const match = model.route(req.method ?? "GET", path);
    const op = match.route && compiled.get(match.route.operationId);
    if (!op) {
      req.resume();
      const error =
        match.allowed.length > 0
          ? new ApiError(405, `Method ${req.method} is not allowed on ${path}.`, {
              headers: { Allow: match.allowed.join(", ") },
            })
          : new ApiError(404, `No operation at ${path}.`);
      sendError(res, error, requestId, undefined);
      return;
    }
    let prepared: Prepared;
    let interception: Interception | undefined;
    try {
      prepared = prepare(op, match.params, req, rawQuery);
      interception = options.intercept?.({
        operation: op,
        service: errorServiceOf(model, op.operationId),
        key: prepared.key,
        req,
      });
    } catch (error) {
      req.resume();
      sendError(res, toApiError(error), requestId, op);
      return;
    }
    if (interception?.answer) {
      req.resume();
      interception.answer(res, requestId);
      return;
    }
    const send = interception?.send ?? sendJson;
    const complete = (raw: Buffer | undefined) => {
      try {
        const body = raw === undefined ? undefined : parseBody(op, raw, req, prepared.invalid);
        if (Object.keys(prepared.invalid).length > 0) throw validationError(prepared.invalid);
        const { result, committed } = invoke(op, prepared, body, req, path, rawQuery, requestId);
        if (!committed) respond(res, op, result, requestId, send);
        else
          committed.then(
            () => respond(res, op, result, requestId, send),
            (error: unknown) =>
              sendError(
                res,
                new ApiError(500, `The change could not be stored: ${(error as Error).message}`),
                requestId,
                op,
              ),
          );
      } catch (error) {
        sendError(res, toApiError(error), requestId, op);
      }
    };
    // Operations without a body are answered synchronously; the others once the body is read.
    if (!op.body) {
      req.resume();
      complete(undefined);
    } else {
      readBody(req, maxBody).then(complete, (error: unknown) =>
        sendError(res, toApiError(error), requestId, op),
      );
    }
  };

  interface Prepared {
    key: string;
    scope: KeyScope;
    params: Json;
    query: Json;
    invalid: InvalidFields;
  }

  /** Checks the key, coerces and validates path and query, and checks the key's scope. */
  function prepare(
    op: CompiledOperation,
    rawParams: Record<string, string>,
    req: IncomingMessage,
    rawQuery: string,
  ): Prepared {
    let key = "";
    let scope: KeyScope = {};
    if (op.authHeader) {
      const found = parseApiKey(req.headers[op.authHeader]);
      const known = found === undefined ? undefined : options.lookupKey(found);
      if (found === undefined || known === undefined) {
        throw new ApiError(
          401,
          found === undefined
            ? "Authorization header missing or malformed; send `Authorization: apikey <KEY>`."
            : "Unknown API key.",
          { exceptionClass: "NotAuthenticated" },
        );
      }
      key = found;
      scope = known;
    }
    const invalid: InvalidFields = {};
    const params = coerceParams(op, rawParams);
    collect(invalid, "path", op.validatePath(params));
    const query = coerceQuery(op, rawQuery);
    collect(invalid, "query", op.validateQuery(query));
    if (Object.keys(invalid).length === 0) {
      for (const [name, kind] of scoped) {
        const id = params[name];
        if (typeof id === "number" && !scopeAllows(scope, kind, id)) {
          throw new ApiError(403, `This API key may not act on ${kind.slice(0, -1)} ${id}.`);
        }
      }
    }
    return { key, scope, params, query, invalid };
  }

  /** Checks the content type, parses and validates the body (problems go to `invalid`). */
  function parseBody(
    op: CompiledOperation,
    raw: Buffer,
    req: IncomingMessage,
    invalid: InvalidFields,
  ): unknown {
    const spec = op.body;
    if (!spec) return undefined;
    if (raw.length === 0) {
      if (spec.required) invalid.body = ["A JSON request body is required."];
      return undefined;
    }
    const type = req.headers["content-type"] ?? "";
    if (!JSON_TYPE.test(type)) {
      throw new ApiError(415, `Content-Type must be application/json, got ${type ? `"${type}"` : "none"}.`);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch (error) {
      throw new ApiError(400, `The request body is not valid JSON: ${(error as Error).message}`, {
        exceptionClass: "ParseError",
      });
    }
    collect(invalid, "body", spec.validate(body));
    return body;
  }

  function invoke(
    op: CompiledOperation,
    prepared: Prepared,
    body: unknown,
    req: IncomingMessage,
    path: string,
    rawQuery: string,
    requestId: string,
  ): { result: HandlerResult; committed: Promise<void> | undefined } {
    const handler = options.handlers[op.operationId];
    if (!handler) throw new ApiError(501, `The sandbox does not implement ${op.operationId}.`);
    const { key, scope, params, query } = prepared;
    const app = options.appFor ? options.appFor(key) : options.app;
    const result = handler({
      app,
      operation: op,
      params,
      query,
      body,
      key,
      scope,
      requestId,
      origin: `http://${req.headers.host ?? "127.0.0.1"}`,
      path,
      rawQuery,
      assertScope(kind, id) {
        if (!scopeAllows(scope, kind, id)) {
          throw new ApiError(403, `This API key may not act on ${kind.slice(0, -1)} ${id}.`);
        }
      },
    });
    const wrote = result.status >= 200 && result.status < 300 && !SAFE_METHODS.has(op.method);
    return { result, committed: wrote ? options.onWrite?.(app) : undefined };
  }

  function respond(
    res: ServerResponse,
    op: CompiledOperation,
    result: HandlerResult,
    requestId: string,
    send: typeof sendJson,
  ): void {
    if (options.validateResponses) {
      const problem = responseProblem(model, op, result.status, result.body);
      if (problem) {
        sendError(
          res,
          new ApiError(500, `Response breaks the spec: ${problem}`, { exceptionClass: "SpecViolation" }),
          requestId,
          op,
        );
        return;
      }
    }
    send(res, result.status, result.body, requestId, result.headers);
  }

  function sendError(
    res: ServerResponse,
    error: ApiError,
    requestId: string,
    op: CompiledOperation | undefined,
  ): void {
    const status = op ? op.status(error.status) : error.status;
    const service = errorServiceOf(model, op?.operationId);
    const body = errorBody(error, requestId, service);
    const headers: Record<string, string> = { ...error.headers };
    if (error.status === 413) headers.Connection = "close"; // don't read the rest of a huge body
    if (options.validateResponses && op) {
      const problem = responseProblem(model, op, status, body);
      if (problem) {
        const violation = new ApiError(500, `Error response breaks the spec: ${problem}`, {
          exceptionClass: "SpecViolation",
        });
        sendJson(res, 500, errorBody(violation, requestId, service), requestId);
        return;
      }
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, status, body, requestId, headers);
  }

  const handler = handle as ApiHandler;
  handler.operations = operations;
  return handler;
}

/** What is wrong with an answer the sandbox is about to send, judged by the model; undefined when nothing. */
function responseProblem(
  model: DocumentModel,
  op: CompiledOperation,
  status: number,
  body: unknown,
): string | undefined {
  const verdict = sandboxVerdict(model, op.operationId, status, body);
  if (verdict.valid) return undefined;
  return `${op.operationId} ${status}: ${verdict.violations.map((v) => `${v.pointer} ${v.message}`).join("; ")}`;
}

function coerceParams(op: CompiledOperation, raw: Record<string, string>): Json {
  const out: Json = {};
  for (const p of op.pathParams) {
    const text = raw[p.name];
    if (text === undefined) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      throw new ApiError(400, `Path parameter ${p.name} is not valid percent-encoding.`);
    }
    out[p.name] = p.coerce([decoded]);
  }
  return out;
}

function coerceQuery(op: CompiledOperation, rawQuery: string): Json {
  const out: Json = {};
  if (op.queryParams.length === 0) return out;
  const search = new URLSearchParams(rawQuery);
  for (const p of op.queryParams) {
    const values = search.getAll(p.name);
    if (values.length > 0) out[p.name] = p.coerce(values);
    else if (p.default !== undefined) out[p.name] = p.default;
  }
  return out;
}

function collect(
  invalid: InvalidFields,
  where: string,
  result: {
    errors: { pointer: string; message: string; keyword: string; params: Record<string, unknown> }[];
  },
): void {
  for (const e of result.errors) {
    let pointer = e.pointer === "/" ? "" : e.pointer;
    if (e.keyword === "required" && typeof e.params.missingProperty === "string")
      pointer += `/${e.params.missingProperty}`;
    if (e.keyword === "additionalProperties" && typeof e.params.additionalProperty === "string") {
      pointer += `/${e.params.additionalProperty}`;
    }
    const field = [where, ...pointer.split("/").filter(Boolean)].join(".");
    const message = e.keyword === "required" ? "Field required" : e.message;
    const list = invalid[field] ?? [];
    invalid[field] = list;
    if (!list.includes(message)) list.push(message);
  }
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(500, `The sandbox failed: ${message}`, { exceptionClass: "InternalServerError" });
}
