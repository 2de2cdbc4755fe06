import type { paths } from "@cloud-contract/types";
import createClient from "openapi-fetch";
import { resolveMaxResponseBytes } from "./body-limit.js";
import { wrapClient } from "./call.js";
import type { CloudClient } from "./call-types.js";
import type { DeprecationHook } from "./deprecation.js";
import { authHeaders, resolveApiKey } from "./middleware/auth.js";
import type { CloudClientLogger } from "./middleware/log.js";
import { createRetryPolicy, type RetryOptions } from "./middleware/retry.js";
import { DeadlineClock, resolveLimit, resolveTimeoutMs } from "./middleware/timeout.js";
import { serializeQuery } from "./query.js";
import { createRedactor } from "./redact.js";
import { createResponseCheck, type ValidateResponses } from "./response-check.js";

/** The API's server, `servers[0].url` of the spec (a test keeps the two equal). */
export const DEFAULT_BASE_URL = "https://api.gcore.com";

export interface CloudClientOptions {
  /** The API key, sent as `Authorization: apikey <KEY>`. Defaults to the `CLOUD_API_KEY` environment variable. */
  apiKey?: string;
  /** The API's root URL (default {@link DEFAULT_BASE_URL}), e.g. a sandbox's `http://127.0.0.1:4010`. */
  baseUrl?: string;
  /** The fetch to use (default `globalThis.fetch`). */
  fetch?: (input: Request) => Promise<Response>;
  /**
   * The time limit of each attempt in ms, measured afresh for every attempt, from sending the request to the
   * end of the answer's body (default 60 000; 0 = none). Exceeding it throws a `TimeoutError`.
   */
  timeoutMs?: number;
  /**
   * The time limit of a whole call in ms: every attempt and every wait before a retry (default 0 = none,
   * the call then lasts at most its attempts and their waits). Exceeding it throws a `TimeoutError`.
   */
  callTimeoutMs?: number;
  /**
   * The largest answer body in bytes (default 64 MiB; 0 = none), counted while it is read: past it the read
   * stops, the connection is let go and the call throws `ResponseTooLargeError`.
   */
  maxResponseBytes?: number;
  /** Retry settings, or `false` for none. Only GET, HEAD, PUT and DELETE are ever retried. */
  retry?: RetryOptions | false;
  /** Sent as the `User-Agent` header (runtimes that forbid setting it, such as browsers, ignore it). */
  userAgent?: string;
  /**
   * Throw an `ApiError` for a non-2xx response instead of returning `{ error, response }` (default false,
   * so code written for openapi-fetch works unchanged).
   */
  throwOnError?: boolean;
  /** Receives debug events for each request, response, retry and failure, with the API key redacted. */
  logger?: CloudClientLogger;
  /**
   * Judge every answer against the spec (its status, content type and body, by the spec's own validator):
   * `"off"` (default), `"throw"` (a `ResponseValidationError` instead of the answer) or `"warn"` (an
   * `invalid-response` event to the `logger`, which it then needs). Loads the validator and the bundled spec
   * (a JSON module, so browsers too) on first use.
   */
  validateResponses?: ValidateResponses;
  /**
   * Called once per deprecated operation this client calls (the API answered it with a `Deprecation` header),
   * with its successor and sunset when the API names them. Without it nothing is reported or printed.
   */
  onDeprecated?: DeprecationHook;
}

/**
 * Creates the typed client. Calls look and return exactly like openapi-fetch's:
 *
 * ```ts
 * const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });
 * const { data, error } = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } });
 * ```
 *
 * Throws at once when there is no API key (option or `CLOUD_API_KEY`) or an option is invalid.
 */
export function createCloudClient(options: CloudClientOptions = {}): CloudClient {
  const apiKey = resolveApiKey(options.apiKey);
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const redact = createRedactor(apiKey);
  const core = createClient<paths>({
    baseUrl,
    querySerializer: serializeQuery,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: authHeaders(apiKey, options.userAgent),
  });
  const timeoutMs = resolveTimeoutMs(options.timeoutMs);
  return wrapClient(core, {
    timeoutMs,
    clock: timeoutMs > 0 ? new DeadlineClock(timeoutMs) : undefined,
    callTimeoutMs: resolveLimit(options.callTimeoutMs, "callTimeoutMs", 0),
    maxResponseBytes: resolveMaxResponseBytes(options.maxResponseBytes),
    retry: createRetryPolicy(options.retry),
    throwOnError: options.throwOnError === true,
    redact,
    logger: options.logger,
    check: createResponseCheck(options.validateResponses, options.logger, redact),
    deprecations: options.onDeprecated && { hook: options.onDeprecated, reported: new Set() },
    fetch: options.fetch ?? globalThis.fetch,
    nativeFetch: !options.fetch,
    baseUrl,
  });
}

function resolveBaseUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined) return DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError("createCloudClient: baseUrl must be an absolute http(s) URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError("createCloudClient: baseUrl must be an absolute http(s) URL.");
  }
  return baseUrl.replace(/\/+$/, "");
}
