import { ApiError, type CallInfo } from "./errors.js";
import type { Redact } from "./redact.js";

/** The shape of an openapi-fetch result: `{ data, error, response }`. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The data type of the successful branch of an openapi-fetch result. */
export type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;

interface Failure {
  info: CallInfo;
  redact: Redact | undefined;
}

/** Failed responses of this package's clients → how they were called. Only failures are recorded. */
const failures = new WeakMap<Response, Failure>();

/** Remembers the method and path template of a failed response, for {@link unwrap}. */
export function recordFailure(response: Response, info: CallInfo, redact: Redact | undefined): void {
  failures.set(response, { info, redact });
}

/**
 * The {@link ApiError} of a failed result (`response.ok` false), or `undefined` for a successful one.
 * Results of clients made by `createCloudClient` carry the method and path template; for results of
 * other openapi-fetch clients the method is unknown and the path is the URL's. Inside
 * `if (result.error)` the type is `ApiError`, without `undefined`.
 */
export function toApiError(result: FetchResult & { error: NonNullable<unknown> }): ApiError;
export function toApiError(result: FetchResult): ApiError | undefined;
export function toApiError(result: FetchResult): ApiError | undefined {
  const { response } = result;
  if (response.ok) return undefined;
  const failure = failures.get(response);
  const info = failure?.info ?? { method: "UNKNOWN", path: pathOf(response.url) };
  return new ApiError(
    { ...info, status: response.status, body: result.error, headers: response.headers },
    failure?.redact,
  );
}

/**
 * The data of a successful result; throws the {@link ApiError} of a failed one.
 *
 * ```ts
 * const task = unwrap(await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } } }));
 * ```
 */
export function unwrap<R extends FetchResult>(result: R): SuccessData<R> {
  const error = toApiError(result);
  if (error) throw error;
  return result.data as SuccessData<R>;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
