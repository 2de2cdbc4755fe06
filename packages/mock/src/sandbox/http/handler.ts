// What a handler of the pipeline is: the validated, typed request it receives and the answer it gives.
import type { CompiledOperation } from "../openapi/operations.js";
import type { KeyScope, ScopeKind } from "./auth.js";

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
  /** The client's network address; empty in-process. */
  client: string;
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
> = (ctx: RequestContext<App, R>) => Result | Promise<Result>;

/**
 * The handlers by operationId. Each may declare the exact types of its request (`Handler<App, R>`): the
 * pipeline only calls a handler with values it has validated against the operation's schemas, the same
 * schemas those types are generated from. (A method signature, so that the table accepts handlers with
 * narrower request types.)
 */
export type HandlerTable<App> = Record<
  string,
  { handle(ctx: RequestContext<App>): HandlerResult | Promise<HandlerResult> }["handle"]
>;
