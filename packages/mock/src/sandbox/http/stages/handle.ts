import { ApiError } from "../api-error.js";
import { assertScopeAllows } from "../auth.js";
import type { SandboxResponse } from "../exchange.js";
import type { HandlerResult, RequestContext } from "../handler.js";
import type { ValidRequest } from "../validate.js";
import { type Call, type PipelineParts, required, type StageResult } from "./call.js";
import { serialise, serialiseInTurns } from "./serialise.js";

type Answered = SandboxResponse | ApiError;

/**
 * Handle: the operation's handler over the validated request and the pinned application, its answer
 * self-checked and serialised at once (in turns of the event loop for a large call). A read first waits until
 * no change of its tenant is uncommitted, with no await between that and its handler (a group of writes may
 * have started while the earlier stages waited). A write's handler and answer take the tenant's write turn: a
 * write that works in turns is never interleaved with another write of its tenant, and its answer shows the
 * state as its own write left it.
 */
export function handle<App>(call: Call<App>, parts: PipelineParts<App>): StageResult | Promise<StageResult> {
  const valid = required(call.valid, "validate");
  const handler = parts.options.handlers[call.op.operationId];
  if (!handler) return new ApiError(501, `The sandbox does not implement ${call.op.operationId}.`);
  const run = (): Answered | Promise<Answered> => {
    try {
      return respond(call, parts, handler(context(call, valid)));
    } catch (error) {
      return refusalOf(error);
    }
  };
  if (call.op.writes) return parts.writeTurns.run(call.app as object, run).then((a) => keep(call, a));
  const { uncommitted } = parts.options;
  const pending = uncommitted?.(call.app);
  if (pending === undefined) return keepWhenDone(call, run());
  return (async () => {
    for (let wait: Promise<void> | undefined = pending; wait; wait = uncommitted?.(call.app)) await wait;
    return keepWhenDone(call, run());
  })();
}

/** The handler's answer, serialised as soon as the handler is done. */
function respond<App>(
  call: Call<App>,
  parts: PipelineParts<App>,
  result: HandlerResult | Promise<HandlerResult>,
): Answered | Promise<Answered> {
  if (!call.large && !(result instanceof Promise)) return serialise(call, parts, result);
  return (async () => {
    let done: HandlerResult;
    try {
      done = await result;
    } catch (error) {
      return refusalOf(error);
    }
    return call.large ? serialiseInTurns(call, parts, done) : serialise(call, parts, done);
  })();
}

/** A handler's refusal (an `ApiError` it threw) as an answer; anything else goes on to the error writer. */
function refusalOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}

/** What the handler receives: the validated request and the pinned application. */
function context<App>(call: Call<App>, valid: ValidRequest): RequestContext<App> {
  const { scope } = call;
  const host = call.request.headers.host;
  return {
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
  };
}

function keepWhenDone<App>(
  call: Call<App>,
  answered: Answered | Promise<Answered>,
): StageResult | Promise<StageResult> {
  return answered instanceof Promise ? answered.then((a) => keep(call, a)) : keep(call, answered);
}

/**
 * Keeps the answer for the stages after. A refusal (the handler's error, a self-check's 500) is kept too: still
 * live answers it, unless the tenant was evicted meanwhile.
 */
function keep<App>(call: Call<App>, answered: Answered): StageResult {
  if (answered instanceof ApiError) call.refusal = answered;
  else call.answer = answered;
  return undefined;
}
