import type { Client } from "openapi-fetch";
import { ApiError, NetworkError, TimeoutError } from "./errors.js";
import type { CloudClientLogger } from "./middleware/log.js";
import type { RetryPolicy } from "./middleware/retry.js";
import type { Deadline, DeadlineClock, FetchLike } from "./middleware/timeout.js";
import type { Redact } from "./redact.js";
import { sleep } from "./sleep.js";
import { type FetchResult, recordFailure } from "./unwrap.js";

/** How every call of a client is run. */
export interface CallSettings {
  /** The limit of one attempt in ms; 0 = none. */
  timeoutMs: number;
  /** Watches the attempts' deadlines (only when timeoutMs > 0). */
  clock: DeadlineClock | undefined;
  retry: RetryPolicy | undefined;
  throwOnError: boolean;
  redact: Redact;
  logger: CloudClientLogger | undefined;
  /** The client's fetch. */
  fetch: FetchLike;
  /** Whether that fetch is the runtime's own, which honours a second `init` argument. */
  nativeFetch: boolean;
}

type CallInit = { signal?: AbortSignal | null; fetch?: FetchLike } & Record<string, unknown>;
type Send = (method: string, path: string, init: CallInit | undefined) => Promise<FetchResult>;
// biome-ignore lint/suspicious/noExplicitAny: any paths type; the wrapped client keeps the caller's own type
type AnyClient = Client<any>;

/** openapi-fetch names its call methods after the HTTP methods, in capitals (`GET` … `TRACE`). */
const CALL_METHOD = /^[A-Z]+$/;

/**
 * Returns `core` with every call method (`GET` … `TRACE`, `request`) running through {@link runCall}: a fresh
 * timeout per attempt, retries, typed network/timeout errors and optionally throwing on error statuses.
 * The result of a call stays openapi-fetch's `{ data, error, response }`; `use`/`eject` are unchanged.
 */
export function wrapClient<C extends AnyClient>(core: C, settings: CallSettings): C {
  const send = core.request as unknown as Send;
  const wrapped: Record<string, unknown> = { ...(core as object) };
  for (const method of Object.keys(wrapped).filter((key) => CALL_METHOD.test(key))) {
    wrapped[method] = (path: string, init?: CallInit) => runCall(send, settings, method, path, init);
  }
  wrapped.request = (method: string, path: string, init?: CallInit) =>
    runCall(send, settings, method.toUpperCase(), path, init);
  return wrapped as C;
}

/** One call: attempts, each with its own timeout, until one succeeds or the retry policy gives up. */
export async function runCall(
  send: Send,
  settings: CallSettings,
  method: string,
  path: string,
  init: CallInit | undefined,
): Promise<FetchResult> {
  const callerSignal = init?.signal ?? undefined;
  const { timeoutMs, retry, clock } = settings;
  for (let retries = 0; ; retries++) {
    const deadline = clock?.start(callerSignal);
    let result: FetchResult | undefined;
    let failure: unknown;
    try {
      result = await send(method, path, deadline ? attemptInit(init, deadline, settings) : init);
    } catch (cause) {
      failure = classify(cause, method, path, deadline, timeoutMs, callerSignal);
    } finally {
      deadline?.clear();
    }
    if (!result) {
      const delay = failure instanceof NetworkError ? retry?.delayFor(method, retries, undefined) : undefined;
      if (delay === undefined) throw failure;
      const reason = (failure as NetworkError).message;
      settings.logger?.({ type: "retry", method, path, retry: retries + 1, delayMs: delay, reason });
      await sleep(delay, callerSignal);
      continue;
    }
    const { response } = result;
    if (response.ok) return result;
    const delay = retry?.delayFor(method, retries, response);
    if (delay !== undefined) {
      const reason = `status ${response.status}`;
      settings.logger?.({ type: "retry", method, path, retry: retries + 1, delayMs: delay, reason });
      await sleep(delay, callerSignal);
      continue;
    }
    const info = { method, path };
    recordFailure(response, info, settings.redact);
    if (settings.throwOnError) {
      throw new ApiError(
        { ...info, status: response.status, body: result.error, headers: response.headers },
        settings.redact,
      );
    }
    return result;
  }
}

/**
 * The init of one attempt under a deadline. The deadline's signal (which also follows the caller's signal)
 * is handed to fetch itself rather than put on openapi-fetch's Request: the Request then follows no signal
 * of its own, and fetch's copy of it follows just the deadline, one signal per request as without a timeout.
 */
function attemptInit(init: CallInit | undefined, deadline: Deadline, settings: CallSettings): CallInit {
  const own = init?.fetch;
  const fetch = deadline.fetchWith(own ?? settings.fetch, !own && settings.nativeFetch);
  return { ...init, signal: undefined, fetch };
}

/** Turns what a failed attempt threw into the error the caller sees. */
function classify(
  cause: unknown,
  method: string,
  path: string,
  deadline: Deadline | undefined,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): unknown {
  // The caller cancelled: hand back their own reason, as fetch does.
  if (callerSignal?.aborted) return cause;
  if (deadline?.expired) return new TimeoutError({ method, path }, timeoutMs, cause);
  // fetch reports every transport failure (refused, reset, DNS, body cut off) as a TypeError.
  if (cause instanceof TypeError) return new NetworkError({ method, path }, cause);
  return cause;
}
