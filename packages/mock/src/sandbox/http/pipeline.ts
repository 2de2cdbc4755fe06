import { type CompiledOperation, compileOperations } from "../openapi/operations.js";
import { ApiError } from "./api-error.js";
import { errorWriter } from "./error-writer.js";
import type { SandboxCore, SandboxRequest, SandboxResponse } from "./exchange.js";
import { headAnswer } from "./json-answer.js";
import type { PipelineOptions } from "./pipeline-options.js";
import { requestIdFactory } from "./request-id.js";
import { answer } from "./stages/answer.js";
import { authenticate } from "./stages/authenticate.js";
import { boundAnswer } from "./stages/bound-answer.js";
import type { Call, EarlyAnswer, PipelineParts, Stage } from "./stages/call.js";
import { catchUp } from "./stages/catch-up.js";
import { commit } from "./stages/commit.js";
import { injectFaults } from "./stages/faults.js";
import { handle } from "./stages/handle.js";
import { answerOverride } from "./stages/overrides.js";
import { limitRate } from "./stages/rate-limit.js";
import { receive } from "./stages/receive.js";
import { route } from "./stages/route.js";
import { stillLive } from "./stages/still-live.js";
import { validate } from "./stages/validate.js";
import { WriteTurns } from "./turns.js";

export type {
  AnsweredCall,
  CatchUpCall,
  ChosenAnswer,
  FaultAnswer,
  KeyOwner,
  PipelineOptions,
} from "./pipeline-options.js";

/** What a call turned out to be: the shape its errors are written in, and what it gives back when it ends. */
interface Known<App> {
  op?: CompiledOperation;
  /** The path parameters as the request wrote them, once routed. */
  rawParams?: Record<string, string>;
  head: boolean;
  call?: Call<App>;
  /** The stage running (the one that answered, once the call ends) and the error it answered with. */
  stage?: Stage<App>;
  error?: unknown;
}

export interface Pipeline extends SandboxCore {
  operations: CompiledOperation[];
}

/**
 * The stages of a call once route and authenticate have made it (the operation, and the caller's tenant and
 * scope found once and pinned), in the order they run. Each either lets the call go on or answers it by
 * returning; the last one always answers.
 */
const STAGES = [
  receive,
  limitRate,
  catchUp,
  injectFaults,
  validate,
  answerOverride,
  handle,
  // Liveness is checked once, here: the last point before the call's effects (commit, answer) show.
  stillLive,
  boundAnswer,
  commit,
  answer,
] as const;

/**
 * The sandbox's core over a document: route → authenticate → {@link STAGES}. An error a stage answers with,
 * or one thrown on the way (a handler's `ApiError`, a store that is down), is written by the one error writer.
 */
export function createPipeline<App>(options: PipelineOptions<App>): Pipeline {
  const operations = compileOperations(options.model, options.fieldKeys);
  const parts: PipelineParts<App> = {
    options,
    compiled: new Map(operations.map((op) => [op.operationId, op])),
    writeTurns: new WriteTurns(),
  };
  const stages: readonly Stage<App>[] = STAGES;
  const nextRequestId = requestIdFactory();
  const writeError = errorWriter({
    model: options.model,
    validateResponses: options.validateResponses ?? false,
    ...(options.onUnexpected ? { onUnexpected: options.onUnexpected } : {}),
  });
  /** An error answered in the operation's service shape (the cloud shape without one), without its body for HEAD. */
  const fail = (error: unknown, requestId: string, op: CompiledOperation | undefined, head: boolean) => {
    const written = writeError(error, requestId, op);
    return head ? headAnswer(written) : written;
  };
  const answerEarly = (
    early: EarlyAnswer,
    requestId: string,
    op: CompiledOperation | undefined,
    head: boolean,
  ) => (early instanceof ApiError ? fail(early, requestId, op, head) : early);

  /**
   * A call's answer once its turn is given back: a write answered from changes of its group that were then
   * rolled back (their COMMIT failed) fails as they did, since the state it answered from never existed.
   */
  async function run(request: SandboxRequest): Promise<SandboxResponse> {
    const requestId = nextRequestId();
    const started = performance.now();
    const known: Known<App> = { head: false };
    let response = await runStages(request, requestId, known);
    try {
      await known.call?.release?.();
    } catch (error) {
      known.error = error;
      response = fail(error, requestId, known.op, known.head);
    }
    const deprecation = known.op?.deprecationHeaders?.(known.rawParams ?? {});
    if (deprecation) response = { ...response, headers: { ...response.headers, ...deprecation } };
    const { call } = known;
    if (call && options.record) record(options.record, call, known, request, response, started);
    return response;
  }

  /** Tells `record` of the answered call; its failure is unexpected, never the call's. */
  function record(
    to: NonNullable<PipelineOptions<App>["record"]>,
    call: Call<App>,
    known: Known<App>,
    request: SandboxRequest,
    response: SandboxResponse,
    started: number,
  ): void {
    try {
      to({
        request,
        response,
        operation: call.op,
        app: call.app,
        path: call.path,
        rawQuery: call.rawQuery,
        raw: call.raw,
        answeredBy: known.stage,
        error: known.error,
        fault: call.fault,
        durationMs: performance.now() - started,
      });
    } catch (error) {
      options.onUnexpected?.(error, call.requestId);
    }
  }

  /** Route → authenticate → {@link STAGES}; `known` keeps what the call turns out to be as it goes. */
  async function runStages(
    request: SandboxRequest,
    requestId: string,
    known: Known<App>,
  ): Promise<SandboxResponse> {
    const q = request.url.indexOf("?");
    const path = q === -1 ? request.url : request.url.slice(0, q);
    const rawQuery = q === -1 ? "" : request.url.slice(q + 1);
    try {
      const routed = route(parts, request.method, path, requestId);
      if ("early" in routed) return answerEarly(routed.early, requestId, routed.shape, false);
      const { op, head, rawParams } = routed;
      Object.assign(known, { op, head, rawParams });
      const caller = await authenticate(parts, op, request);
      if (caller instanceof ApiError) return answerEarly(caller, requestId, op, head);
      const call: Call<App> = {
        request,
        requestId,
        path,
        rawQuery,
        ...routed,
        ...caller,
        closed: () => request.closed?.() ?? false,
        large: false,
      };
      known.call = call;
      for (const stage of stages) {
        known.stage = stage;
        const result = stage(call, parts);
        const early = result instanceof Promise ? await result : result;
        if (early instanceof ApiError) known.error = early;
        if (early !== undefined) return answerEarly(early, requestId, op, head);
      }
      throw new Error("No stage of the pipeline answered the call.");
    } catch (error) {
      known.error = error;
      return fail(error, requestId, known.op, known.head);
    }
  }

  return Object.assign(run, { operations });
}
