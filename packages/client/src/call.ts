import { type BodyBound, boundResponse, resolveMaxResponseBytes } from "./body-limit.js";
import type { CloudClient } from "./call-types.js";
import type { DeprecationReporting } from "./deprecation.js";
import { AbortError, type CallInfo, CloudError, NetworkError, TimeoutError } from "./errors.js";
import type { CloudClientLogger } from "./middleware/log.js";
import { requestEvent } from "./middleware/log.js";
import { createRetryPolicy, type RetryOptions, type RetryPolicy } from "./middleware/retry.js";
import {
  type Deadline,
  DeadlineClock,
  type FetchLike,
  resolveLimit,
  resolveTimeoutMs,
} from "./middleware/timeout.js";
import { identify } from "./operation-id.js";
import { bodyError, mayHaveNoBody, NOT_JSON, parseJson } from "./parse-json.js";
import { propertyOf } from "./property.js";
import { keepRedactor, type Redact } from "./redact.js";
import type { ResponseCheck } from "./response-check.js";
import { sleep } from "./sleep.js";
import { type FetchResult, recordFailure, toApiError } from "./unwrap.js";

/** How every call of a client is run. */
export interface CallSettings {
  /** The limit of one attempt in ms; 0 = none. */
  timeoutMs: number;
  /** Watches the attempts' deadlines (only when timeoutMs > 0). */
  clock: DeadlineClock | undefined;
  /** The limit of the whole call (every attempt and wait) in ms; 0 = none. */
  callTimeoutMs: number;
  /** The largest answer body in bytes; 0 = none. */
  maxResponseBytes: number;
  retry: RetryPolicy | undefined;
  throwOnError: boolean;
  redact: Redact;
  logger: CloudClientLogger | undefined;
  /** Judges the final answer of each call (`validateResponses`); undefined when off. */
  check: ResponseCheck | undefined;
  /** The `onDeprecated` hook and what it was told; undefined without a hook. */
  deprecations: DeprecationReporting | undefined;
  /** The client's fetch. */
  fetch: FetchLike;
  /** Whether that fetch is the runtime's own, which honours a second `init` argument. */
  nativeFetch: boolean;
  baseUrl: string;
}

type CallInit = {
  signal?: AbortSignal | null;
  fetch?: FetchLike;
  timeoutMs?: number;
  callTimeoutMs?: number;
  maxResponseBytes?: number;
  retry?: RetryOptions | false;
  baseUrl?: string;
  parseAs?: string;
} & Record<string, unknown>;
type Send = (method: string, path: string, init: CallInit | undefined) => Promise<FetchResult>;

/** openapi-fetch names its call methods after the HTTP methods, in capitals (`GET` … `TRACE`). */
const CALL_METHOD = /^[A-Z]+$/;

/**
 * Returns `core` (an openapi-fetch client) with every call method (`GET` … `TRACE`, `request`) running
 * through {@link runCall}: a fresh timeout per attempt, retries, typed errors, checked answers on request.
 * The result of a call stays openapi-fetch's `{ data, error, response }`; `use`/`eject` are unchanged.
 */
export function wrapClient(core: object, settings: CallSettings): CloudClient {
  const send = (core as { request: Send }).request;
  const wrapped: Record<string, unknown> = { ...core };
  for (const method of Object.keys(wrapped).filter((key) => CALL_METHOD.test(key))) {
    wrapped[method] = (path: string, init?: CallInit) => runCall(send, settings, method, path, init);
  }
  wrapped.request = (method: string, path: string, init?: CallInit) =>
    runCall(send, settings, method.toUpperCase(), path, init);
  keepRedactor(wrapped, settings.redact);
  return wrapped as unknown as CloudClient;
}

/** One call: attempts, each with its own timeout, until one succeeds or the retry policy gives up. */
export async function runCall(
  send: Send,
  settings: CallSettings,
  method: string,
  path: string,
  init: CallInit | undefined,
): Promise<FetchResult> {
  const started = performance.now();
  const call: CallInfo = { method, path };
  const { logger } = settings;
  let { timeoutMs, retry, clock, callTimeoutMs, maxResponseBytes } = settings;
  let sent = init;
  if (
    init &&
    (init.timeoutMs !== undefined ||
      init.retry !== undefined ||
      init.callTimeoutMs !== undefined ||
      init.maxResponseBytes !== undefined)
  ) {
    const {
      timeoutMs: ownTimeout,
      retry: ownRetry,
      callTimeoutMs: ownCall,
      maxResponseBytes: ownMax,
      ...rest
    } = init;
    sent = rest;
    if (ownTimeout !== undefined) {
      timeoutMs = resolveTimeoutMs(ownTimeout);
      clock = timeoutMs > 0 ? new DeadlineClock(timeoutMs) : undefined;
    }
    if (ownRetry !== undefined) retry = createRetryPolicy(ownRetry);
    if (ownCall !== undefined) callTimeoutMs = resolveLimit(ownCall, "callTimeoutMs", 0);
    if (ownMax !== undefined) maxResponseBytes = resolveMaxResponseBytes(ownMax);
  }
  // A JSON body is parsed here (openapi-fetch reads it as text), so that one that is not JSON is a typed error.
  const json = (init?.parseAs ?? "json") === "json";
  const callTime = callTimeoutMs > 0 ? AbortSignal.timeout(callTimeoutMs) : undefined;
  const ownSignal = init?.signal ?? undefined;
  const callerSignal =
    callTime && ownSignal ? AbortSignal.any([ownSignal, callTime]) : (callTime ?? ownSignal);
  const timer = callTime && { signal: callTime, ms: callTimeoutMs };
  const customFetch = init?.fetch !== undefined || !settings.nativeFetch;
  const bound: BodyBound = {
    call,
    started,
    maxBytes: maxResponseBytes,
    trustsLength: !customFetch,
    signal: undefined,
  };
  for (let attempt = 1; ; attempt++) {
    const event = { method, path, attempt };
    const deadline = clock?.start(callerSignal);
    const attemptStarted = logger ? performance.now() : 0;
    let result: FetchResult | undefined;
    /** The answer's head, also when its body then failed (for the logger). */
    let answered: Response | undefined;
    let failure: unknown;
    try {
      const answer = await send(
        method,
        path,
        attemptInit(sent, deadline, callerSignal, json, settings, event, bound),
      );
      const { response } = answer;
      answered = response;
      if (json && response.ok && response.status !== 204 && method !== "HEAD") {
        const text = answer.data as string | undefined;
        answer.data =
          !text && mayHaveNoBody(method, path, response.status)
            ? undefined
            : parseJson(text, response.headers.get("content-type"));
        if (answer.data === NOT_JSON)
          throw await bodyError(response, text ?? "", call, started, settings.redact);
      }
      result = answer;
    } catch (cause) {
      await identify(call);
      if (callerSignal?.aborted) failure = cancelled(call, started, callerSignal, timer);
      else if (deadline?.expired)
        failure = new TimeoutError(call, timeoutMs, performance.now() - started, cause);
      else if (cause instanceof CloudError) failure = cause;
      // fetch reports every transport failure (refused, reset, DNS, body cut off) as a TypeError.
      else if (cause instanceof TypeError) {
        const host = new URL(init?.baseUrl ?? settings.baseUrl).host;
        failure = new NetworkError(
          call,
          host,
          performance.now() - started,
          cause,
          customFetch,
          settings.redact,
        );
      } else failure = cause;
    } finally {
      deadline?.clear();
    }
    const response = result?.response;
    if (logger && answered) {
      const { redact } = settings;
      const id = answered.headers.get("x-request-id");
      logger({
        type: "response",
        ...event,
        url: redact(answered.url),
        status: answered.status,
        durationMs: performance.now() - attemptStarted,
        requestId: id === null ? undefined : redact(id),
      });
    }
    const reporting = settings.deprecations;
    if (reporting && answered?.headers.has("deprecation")) {
      const [, m] = await Promise.all([identify(call), import("./deprecation.js")]);
      m.reportDeprecation(reporting, call, answered);
    }
    const delay =
      response || failure instanceof NetworkError
        ? retry?.delayFor(method, attempt - 1, response)
        : undefined;
    if (response?.ok || delay === undefined) {
      if (!result) throw failure;
      // The common case without an extra await: a success nobody checks.
      return response?.ok && !settings.check ? result : settle(result, call, settings, init?.parseAs);
    }
    const reason = response ? `status ${response.status}` : String(propertyOf(failure, "message"));
    logger?.({ type: "retry", ...event, retry: attempt, delayMs: delay, reason });
    try {
      await sleep(delay, callerSignal);
    } catch {
      await identify(call);
      throw cancelled(call, started, callerSignal, timer);
    }
  }
}

/** The error a wait or an attempt ends with when the caller's signal (or the call's time) aborted it. */
function cancelled(
  call: CallInfo,
  started: number,
  signal: AbortSignal | undefined,
  timer: { signal: AbortSignal; ms: number } | undefined,
): Error {
  const reason = signal?.reason;
  const elapsed = performance.now() - started;
  if (timer?.signal.aborted) return new TimeoutError(call, timer.ms, elapsed, reason);
  return propertyOf(reason, "name") === "TimeoutError"
    ? new TimeoutError(call, undefined, elapsed, reason)
    : new AbortError(call, elapsed, reason);
}

/** The final answer of a call: checked when asked, remembered or thrown as an ApiError when it failed. */
async function settle(
  result: FetchResult,
  call: CallInfo,
  settings: CallSettings,
  parseAs: string | undefined,
): Promise<FetchResult> {
  const { response } = result;
  await identify(call);
  if (settings.check) await settings.check(call, result, parseAs);
  if (response.ok) return result;
  recordFailure(response, call, settings.redact);
  if (settings.throwOnError) throw toApiError(result);
  return result;
}

/**
 * The init of one attempt: its fetch bounds the answer's body (`maxResponseBytes`), and a JSON body is read
 * as text, for {@link runCall} to parse. Under a deadline, the deadline's signal (which also follows the caller's signal)
 * is handed to fetch itself rather than put on openapi-fetch's Request: the Request then follows no signal
 * of its own, and fetch's copy of it follows just the deadline, one signal per request as without a timeout.
 * With a logger, the fetch also reports the request as sent.
 */
function attemptInit(
  init: CallInit | undefined,
  deadline: Deadline | undefined,
  callerSignal: AbortSignal | undefined,
  json: boolean,
  settings: CallSettings,
  event: { method: string; path: string; attempt: number },
  bound: BodyBound,
): CallInit {
  const own = init?.fetch;
  let fetch: FetchLike = own ?? settings.fetch;
  if (deadline) fetch = deadline.fetchWith(fetch, bound.trustsLength);
  const { logger } = settings;
  if (logger) {
    const inner = fetch;
    fetch = (request: Request) => {
      logger(requestEvent(request, event, settings.redact));
      return inner(request);
    };
  }
  const unbounded = fetch;
  bound.signal = bound.trustsLength ? undefined : (deadline?.signal ?? callerSignal);
  fetch = (request: Request) => unbounded(request).then((response) => boundResponse(response, bound));
  return {
    ...init,
    signal: deadline ? undefined : callerSignal,
    fetch,
    parseAs: json ? "text" : init?.parseAs,
  };
}
