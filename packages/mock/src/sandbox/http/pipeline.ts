import type { DocumentModel } from "@cloud-contract/spec/model";
import { type CompiledOperation, compileOperations } from "../openapi/operations.js";
import { ApiError } from "./api-error.js";
import { assertScopeAllows, type KeyScope, parseApiKey } from "./auth.js";
import { errorWriter } from "./error-writer.js";
import type { SandboxCore, SandboxRequest, SandboxResponse } from "./exchange.js";
import type { HandlerResult, HandlerTable } from "./handler.js";
import { headAnswer, longerThan, textAnswer, utf8Length } from "./json-answer.js";
import { stringifyInTurns } from "./json-in-turns.js";
import { requestIdFactory } from "./request-id.js";
import { responseProblem } from "./self-check.js";
import { nextTurn, WriteTurns } from "./turns.js";
import {
  checkRequest,
  checkRequestInTurns,
  parseRequest,
  parseRequestInTurns,
  type RawBody,
  type ValidRequest,
} from "./validate.js";

/** How a fault armed on the caller's tenant spoils a call (see `faults/inject.ts`). */
export type FaultAnswer = { delayMs: number } & (
  | { kind: "reset" }
  | { kind: "slow_body" }
  | { kind: "status"; error: ApiError }
);

/**
 * What the catch-up stage knows of the call: whether it writes, and whether the client is gone (a writer whose
 * client left before its turn is skipped).
 */
export interface CatchUpCall {
  writes: boolean;
  closed(): boolean;
}

export interface PipelineOptions<App> {
  /** The model of the document that is served. */
  model: DocumentModel;
  handlers: HandlerTable<App>;
  /**
   * The caller's application (its tenant), found once per call and pinned for it; undefined for an unknown
   * key (a 401). Throw an `ApiError` to refuse the key with another message. For operations that need no
   * key it is asked with `""`.
   */
  appFor: (key: string) => App | undefined | Promise<App | undefined>;
  /** What the caller's key may touch (default: everything). */
  scopeOf?: (key: string, app: App) => KeyScope;
  /** Whether a pinned application is still served (a tenant evicted meanwhile is not): a call of one that is not is a 401. */
  isLive?: (app: App) => boolean;
  /**
   * Brings the application up to date before the call (a replica catching up with the shared store; for a
   * write also waiting for its turn under the tenant's lock); resolves to the function that gives back what
   * it took. A call whose client left while it waited is then dropped: nothing runs and nothing is sent.
   */
  catchUp?: (app: App, call: CatchUpCall) => Promise<() => Promise<void>>;
  /**
   * While the application holds changes whose COMMIT may still fail, the end of that COMMIT: a read waits for
   * it right before its handler runs, so that it never shows a change that is then rolled back.
   */
  uncommitted?: (app: App) => Promise<void> | undefined;
  /** The fault armed for this call, if any (it is used up by this call). */
  faults?: (call: { operation: CompiledOperation; app: App }) => FaultAnswer | undefined;
  /**
   * The commit: called with the caller's application after a 2xx answer of an operation that writes (the
   * model's `writes`). The answer's body is serialised before it is called, and sent once it resolves.
   */
  onWrite?: (app: App) => Promise<void> | undefined;
  /** Check every answer against the spec and turn a violation into a 500 that names it. */
  validateResponses?: boolean;
  /** Largest answer body of an operation that does not write, in bytes; a larger one is a 400 (default: none). */
  maxAnswerBytes?: number;
  /** Told about every unexpected error (500, 503) with the request id; the client never sees its message. */
  onUnexpected?: (error: unknown, requestId: string) => void;
}

export interface Pipeline extends SandboxCore {
  operations: CompiledOperation[];
}

/** One call as it passes through the stages. */
interface Call<App> {
  request: SandboxRequest;
  requestId: string;
  path: string;
  rawQuery: string;
  op: CompiledOperation;
  rawParams: Record<string, string>;
  /** A HEAD answered by the path's GET. */
  head: boolean;
  key: string;
  app: App;
  scope: KeyScope;
}

/** An answer decided before any operation runs (OPTIONS, 404, 405). */
class EarlyAnswer {
  constructor(
    readonly response: (requestId: string) => SandboxResponse,
    readonly op?: CompiledOperation,
  ) {}
}

const unauthenticated = (message: string) =>
  new ApiError(401, message, { exceptionClass: "NotAuthenticated" });

/**
 * The sandbox's core over a document: route (the model) → authenticate (the tenant found once, pinned) →
 * receive the body → catch up (replicas) → faults → validate → handle → self-check and serialise → commit →
 * answer. Every error on the way goes to the one error writer.
 */
export function createPipeline<App>(options: PipelineOptions<App>): Pipeline {
  const { model } = options;
  const operations = compileOperations(model);
  const compiled = new Map(operations.map((op) => [op.operationId, op]));
  const nextRequestId = requestIdFactory();
  const writeTurns = new WriteTurns();
  const writeError = errorWriter({
    model,
    validateResponses: options.validateResponses ?? false,
    ...(options.onUnexpected ? { onUnexpected: options.onUnexpected } : {}),
  });

  /** Route: the operation of the method and path, HEAD by the path's GET; OPTIONS, 404 and 405 answered here. */
  function route(request: SandboxRequest, path: string): Pick<Call<App>, "op" | "rawParams" | "head"> {
    const method = request.method.toUpperCase();
    let match = model.route(method, path);
    let head = false;
    if (!match.route && method === "HEAD" && match.allowed.includes("GET")) {
      match = model.route("GET", path);
      head = true;
    }
    const op = match.route && compiled.get(match.route.operationId);
    if (op) return { op, rawParams: match.params, head };
    if (match.allowed.length === 0) throw new EarlyAnswer((id) => writeError(notFound(path), id, undefined));
    const allow = allowed(match.allowed);
    const anyOp = compiled.get(model.route(match.allowed[0] as string, path).route?.operationId ?? "");
    if (method === "OPTIONS") {
      throw new EarlyAnswer((id) => ({
        status: 204,
        headers: { Allow: allow, "X-Request-Id": id },
        body: undefined,
      }));
    }
    const error = new ApiError(405, `Method ${method} is not allowed on ${path}.`, {
      headers: { Allow: allow },
    });
    throw new EarlyAnswer((id) => writeError(error, id, anyOp), anyOp);
  }

  /** Authenticate: the key, then the caller's application, once; unknown keys are a 401. */
  async function authenticate(request: SandboxRequest, op: CompiledOperation) {
    if (!op.authHeader) {
      const app = await options.appFor("");
      if (app === undefined) throw unauthenticated("No application serves calls without a key.");
      return { key: "", app, scope: {} };
    }
    const key = parseApiKey(request.headers[op.authHeader]);
    if (key === undefined) {
      throw unauthenticated("Authorization header missing or malformed; send `Authorization: apikey <KEY>`.");
    }
    const app = await options.appFor(key);
    if (app === undefined) throw unauthenticated("Unknown API key.");
    return { key, app, scope: options.scopeOf?.(key, app) ?? {} };
  }

  /** Still live: a tenant evicted since the call resolved it fails the call with its 401. */
  function assertLive(call: Call<App>): void {
    if (options.isLive && !options.isLive(call.app)) {
      throw new ApiError(
        401,
        "This key's tenant was evicted while the call was under way; create a new tenant with POST /__sandbox/tenants.",
        { exceptionClass: "TenantEvicted" },
      );
    }
  }

  /** Receive the body (only for operations that take one). */
  async function receive(call: Call<App>): Promise<RawBody | undefined> {
    const { body } = call.request;
    if (!call.op.body || body === undefined) return undefined;
    const bytes = typeof body === "function" ? await body() : body;
    const text = typeof bytes === "string" ? bytes : decodeUtf8(bytes);
    const type = call.request.headers["content-type"];
    return { text, contentType: typeof type === "string" ? type : "" };
  }

  /** Parse and validate a body of usual size at once. */
  function validNow(call: Call<App>, raw: RawBody | undefined): ValidRequest {
    return checkRequest(call.op, parseRequest(call.op, call.rawParams, call.rawQuery, raw, call.scope));
  }

  /** Parse and validate a large body in turns. */
  async function validInTurns(call: Call<App>, raw: RawBody): Promise<ValidRequest> {
    const parsed = await parseRequestInTurns(call.op, call.rawParams, call.rawQuery, raw, call.scope);
    await nextTurn();
    const valid = await checkRequestInTurns(call.op, parsed);
    await nextTurn();
    return valid;
  }

  /** Handle, then self-check and serialise (in turns of the event loop, for a large call). */
  function respond(call: Call<App>, valid: ValidRequest, large: boolean): Responded | Promise<Responded> {
    const result = handle(call, valid);
    if (!large && !(result instanceof Promise)) return { result, answer: serialise(call, result) };
    return (async () => {
      const done = await result;
      return { result: done, answer: large ? await serialiseInTurns(call, done) : serialise(call, done) };
    })();
  }

  /** Handle: the operation's handler over the validated request and the pinned application. */
  function handle(call: Call<App>, valid: ValidRequest): HandlerResult | Promise<HandlerResult> {
    const handler = options.handlers[call.op.operationId];
    if (!handler) throw new ApiError(501, `The sandbox does not implement ${call.op.operationId}.`);
    const { scope } = call;
    const host = call.request.headers.host;
    return handler({
      app: call.app,
      operation: call.op,
      params: valid.params,
      query: valid.query,
      body: valid.body,
      key: call.key,
      scope,
      requestId: call.requestId,
      client: call.request.client ?? "",
      origin: `http://${typeof host === "string" ? host : "127.0.0.1"}`,
      path: call.path,
      rawQuery: call.rawQuery,
      assertScope(kind, id) {
        assertScopeAllows(scope, kind, id);
      },
    });
  }

  /** Self-check and serialise: the answer as the state stands right after the handler. */
  function serialise(call: Call<App>, result: HandlerResult): SandboxResponse {
    selfCheck(call, result);
    const text = result.body === undefined ? undefined : JSON.stringify(result.body);
    return textAnswer(result.status, text, call.requestId, result.headers);
  }

  /** {@link serialise} for a large call: a turn after the check, and the body's text made in turns. */
  async function serialiseInTurns(call: Call<App>, result: HandlerResult): Promise<SandboxResponse> {
    selfCheck(call, result);
    await nextTurn();
    const text = result.body === undefined ? undefined : await stringifyInTurns(result.body);
    return textAnswer(result.status, text, call.requestId, result.headers);
  }

  /** With `validateResponses`, an answer that breaks the spec becomes a 500 naming the break. */
  function selfCheck(call: Call<App>, result: HandlerResult): void {
    if (!options.validateResponses) return;
    const problem = responseProblem(model, call.op.operationId, result.status, result.body);
    if (problem) {
      throw new ApiError(500, `Response breaks the spec: ${problem}`, { exceptionClass: "SpecViolation" });
    }
  }

  /** A read's answer over `maxAnswerBytes` is refused (a write's answer is bounded by the state it leaves). */
  function assertAnswerSize(call: Call<App>, answer: SandboxResponse): void {
    const max = options.maxAnswerBytes;
    if (max === undefined || call.op.writes || answer.body === undefined) return;
    if (longerThan(answer.body, max)) {
      throw new ApiError(
        400,
        `The answer would take ${utf8Length(answer.body)} bytes, over the sandbox's ${max}; ask for a page.`,
      );
    }
  }

  /** Commit: an operation that writes and succeeded is stored before it is answered. */
  async function commit(call: Call<App>, result: HandlerResult): Promise<void> {
    if (!call.op.writes || result.status < 200 || result.status >= 300) return;
    await options.onWrite?.(call.app);
  }

  async function run(request: SandboxRequest): Promise<SandboxResponse> {
    const requestId = nextRequestId();
    const url = request.url;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    const rawQuery = q === -1 ? "" : url.slice(q + 1);
    let op: CompiledOperation | undefined;
    let head = false;
    try {
      const routed = route(request, path);
      ({ op, head } = routed);
      const call: Call<App> = {
        request,
        requestId,
        path,
        rawQuery,
        ...routed,
        ...(await authenticate(request, routed.op)),
      };
      const raw = await receive(call);
      assertLive(call);
      const closed = () => request.closed?.() ?? false;
      const release = await options.catchUp?.(call.app, { writes: call.op.writes, closed });
      try {
        // The client left while the call waited (a write for its turn): it is dropped without running.
        if (closed()) return cutConnection();
        const fault = options.faults?.({ operation: call.op, app: call.app });
        if (fault && fault.kind !== "slow_body" && fault.delayMs > 0) {
          // A client that leaves ends the wait: nobody is left to answer, and a write frees its tenant's turn.
          await delayWhileOpen(fault.delayMs, closed);
          if (closed()) return cutConnection();
        }
        if (fault?.kind === "reset") return cutConnection();
        if (fault?.kind === "status") throw fault.error;
        // A large body is parsed, validated, handled and answered in turns of the event loop, so that other
        // calls go on meanwhile.
        const large = raw !== undefined && raw.text.length > LARGE_BODY;
        const valid = large ? await validInTurns(call, raw) : validNow(call, raw);
        assertLive(call);
        // A read waits until no change of its tenant is uncommitted, with no await between that and its handler
        // (a group of writes may have started while the earlier stages waited).
        if (!call.op.writes) {
          for (
            let pending = options.uncommitted?.(call.app);
            pending;
            pending = options.uncommitted?.(call.app)
          )
            await pending;
          assertLive(call);
        }
        // A write's handler and answer take the tenant's write turn: a write that works in turns is never
        // interleaved with another write of its tenant, and its answer shows the state as it left it.
        const { result, answer } = call.op.writes
          ? await writeTurns.run(call.app as object, () => respond(call, valid, large))
          : await respond(call, valid, large);
        assertLive(call);
        assertAnswerSize(call, answer);
        await commit(call, result);
        if (fault?.kind === "slow_body") answer.delivery = { spreadMs: fault.delayMs };
        return head ? headAnswer(answer) : answer;
      } finally {
        await release?.();
      }
    } catch (error) {
      if (error instanceof EarlyAnswer) return error.response(requestId);
      const answer = writeError(error, requestId, op);
      return head ? headAnswer(answer) : answer;
    }
  }

  return Object.assign(run, { operations });
}

/** No answer: the connection is cut (a `reset` fault, or a call whose client left while it waited). */
const cutConnection = (): SandboxResponse => ({
  status: 0,
  headers: {},
  body: undefined,
  delivery: { reset: true },
});

/** How often a fault's wait looks whether its client left (a request can be asked, it does not tell). */
const CLOSED_POLL_MS = 50;

/** Waits `ms`, or less when `closed()` turns true meanwhile. */
async function delayWhileOpen(ms: number, closed: () => boolean): Promise<void> {
  const end = performance.now() + ms;
  for (let left = ms; left > 0 && !closed(); left = end - performance.now()) {
    await new Promise((done) => setTimeout(done, Math.min(left, CLOSED_POLL_MS)));
  }
}

/** Bodies longer than this (characters) are worked on in several turns of the event loop. */
const LARGE_BODY = 64 * 1024;

/** A handler's result and the answer serialised from it. */
interface Responded {
  result: HandlerResult;
  answer: SandboxResponse;
}

const notFound = (path: string) => new ApiError(404, `No operation at ${path}.`);

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text; bytes that are not UTF-8 are a 400, never replaced by U+FFFD. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ApiError(400, "The request body is not valid UTF-8.", { exceptionClass: "ValidationError" });
  }
}

/** The `Allow` header of a path: its methods, HEAD where it has GET, and OPTIONS. */
function allowed(methods: string[]): string {
  const out = new Set(methods);
  if (out.has("GET")) out.add("HEAD");
  out.add("OPTIONS");
  return [...out].join(", ");
}
