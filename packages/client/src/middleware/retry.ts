/** How the client retries failed requests. Every field is optional; `retry: false` turns retries off. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2, so at most 3 requests). */
  maxRetries?: number;
  /** The delay before the first retry, doubled for each further one (default 500 ms). */
  baseDelayMs?: number;
  /** The cap of the computed delay (default 8 000 ms). */
  maxDelayMs?: number;
  /**
   * The longest `Retry-After` the client waits for (default 60 000 ms). A server that asks for a longer
   * wait gets no retry: the 429 (or 503) is returned to the caller at once.
   */
  maxRetryAfterMs?: number;
  /** The statuses that are retried (default 429, 502, 503, 504). */
  statuses?: readonly number[];
}

/**
 * The methods that are retried. POST and PATCH are not (repeating them could do the work twice), except after a
 * 429: the API documents that a refused request was not applied.
 */
export const RETRIED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE"]);

export const DEFAULT_RETRY = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  statuses: [429, 502, 503, 504],
} as const satisfies Required<RetryOptions>;

/** A resolved retry policy: tells whether a failed attempt is retried, and after how long. */
export interface RetryPolicy {
  readonly maxRetries: number;
  /**
   * The delay before the next attempt in milliseconds, or `undefined` for no retry. `failure` is the
   * response of a failed attempt, or `undefined` when the attempt failed without one (a network error).
   */
  delayFor(method: string, retriesDone: number, failure: Response | undefined): number | undefined;
}

/** Builds the policy from the `retry` option (`undefined` = defaults, `false` = never retry). */
export function createRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy | undefined {
  if (options === false) return undefined;
  const option = (name: Exclude<keyof RetryOptions, "statuses">) =>
    count(options?.[name], DEFAULT_RETRY[name], name);
  const maxRetries = option("maxRetries");
  const baseDelayMs = option("baseDelayMs");
  const maxDelayMs = option("maxDelayMs");
  const maxRetryAfterMs = option("maxRetryAfterMs");
  const statuses = new Set(options?.statuses ?? DEFAULT_RETRY.statuses);
  if (maxRetries === 0) return undefined;
  return {
    maxRetries,
    delayFor(method, retriesDone, failure) {
      if (retriesDone >= maxRetries || !(RETRIED_METHODS.has(method) || failure?.status === 429))
        return undefined;
      if (failure) {
        if (!statuses.has(failure.status)) return undefined;
        const retryAfter = parseRetryAfter(failure.headers.get("retry-after"), Date.now());
        if (retryAfter !== undefined) return retryAfter <= maxRetryAfterMs ? retryAfter : undefined;
      }
      return backoffDelay(retriesDone, baseDelayMs, maxDelayMs);
    },
  };
}

/**
 * Capped exponential backoff with jitter: the n-th retry waits between half and all of
 * `min(maxDelayMs, baseDelayMs · 2ⁿ)`, so that many clients that failed together do not retry together.
 */
export function backoffDelay(
  retriesDone: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random = Math.random(),
) {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** retriesDone);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/**
 * Reads a `Retry-After` value as milliseconds from `now`: either delay-seconds (`"2"`) or an HTTP date
 * (`"Wed, 21 Oct 2026 07:28:00 GMT"`; a date in the past means 0). `undefined` when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function count(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  // Number.isFinite is false for anything that is not a number.
  if (!Number.isFinite(value) || value < 0) {
    throw new TypeError(`createCloudClient: retry.${name} must be a finite number ≥ 0.`);
  }
  return value;
}
