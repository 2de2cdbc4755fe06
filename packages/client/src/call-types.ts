// The type of the client: openapi-fetch's call methods with an init that is checked as written (openapi-fetch
// infers its init as a type parameter, which lets any unknown key through), plus the per-call options of this
// package: `timeoutMs`, `retry` and `signal`.
import type { paths } from "@cloud-contract/types";
import type {
  BodySerializer,
  FetchResponse,
  HeadersOptions,
  Middleware,
  ParamsOption,
  ParseAs,
  PathSerializer,
  QuerySerializer,
  QuerySerializerOptions,
  RequestBodyOption,
} from "openapi-fetch";
import type { RetryOptions } from "./middleware/retry.js";

/** The HTTP methods, as openapi-typescript names them in `paths`. */
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** The path templates that have an operation for `Method`. */
export type PathsWith<Method extends HttpMethod> = {
  [Path in keyof paths]: paths[Path][Method] extends undefined ? never : Path;
}[keyof paths];

/** The operation (as openapi-typescript types it) of `Method` on `Path`. */
export type OperationOf<Path extends keyof paths, Method extends HttpMethod> = paths[Path][Method] &
  Record<string, unknown>;

/** What one call can change of how it is run (each defaults to the client's setting). */
export interface CallControl {
  /**
   * The time limit of each attempt of this call in ms (0 = none), instead of the client's `timeoutMs`.
   * Exceeding it throws `TimeoutError`.
   */
  timeoutMs?: number;
  /** The limit of this whole call in ms (every attempt and wait; 0 = none), instead of the client's. */
  callTimeoutMs?: number;
  /** The largest answer body of this call in bytes (0 = none), instead of the client's `maxResponseBytes`. */
  maxResponseBytes?: number;
  /** This call's retry settings instead of the client's, or `false` for a single attempt. */
  retry?: RetryOptions | false;
  /**
   * Cancels the call, including a retry's wait: it rejects with `AbortError`, or with `TimeoutError` when the
   * signal aborted for time (`AbortSignal.timeout(ms)`).
   */
  signal?: AbortSignal | null;
}

/** The init of a call of `Op`: its params and body as the spec has them, and the per-call options. */
export type CallOptions<Op> = ParamsOption<Op> &
  RequestBodyOption<Op> &
  CallControl & {
    headers?: HeadersOptions;
    /** Another server for this call only. */
    baseUrl?: string;
    /** Another fetch for this call only. */
    fetch?: (input: Request) => Promise<Response>;
    middleware?: Middleware[];
    querySerializer?: QuerySerializer<Op> | QuerySerializerOptions;
    bodySerializer?: BodySerializer<Op>;
    pathSerializer?: PathSerializer;
  } & Omit<RequestInit, "body" | "headers" | "method" | "signal" | "window">;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument: required when the operation has required params or a required body. */
type InitArgs<Init> = RequiredKeys<Init> extends never ? [init?: Init] : [init: Init];

/** What a call resolves to: openapi-fetch's `{ data, error, response }`. */
export type CallResult<Op extends Record<string, unknown>, As extends ParseAs = "json"> = FetchResponse<
  Op,
  { parseAs: As },
  `${string}/${string}`
>;

/** `client.GET(path, init)` and its siblings. */
export type CallMethod<Method extends HttpMethod> = <
  Path extends PathsWith<Method>,
  As extends ParseAs = "json",
>(
  path: Path,
  ...init: InitArgs<CallOptions<OperationOf<Path, Method>> & { parseAs?: As }>
) => Promise<CallResult<OperationOf<Path, Method>, As>>;

/** `client.request(method, path, init)`, the method given in lower case as in openapi-fetch. */
export type RequestMethod = <
  Method extends HttpMethod,
  Path extends PathsWith<Method>,
  As extends ParseAs = "json",
>(
  method: Method,
  path: Path,
  ...init: InitArgs<CallOptions<OperationOf<Path, Method>> & { parseAs?: As }>
) => Promise<CallResult<OperationOf<Path, Method>, As>>;

/** The client of every operation of the spec: `client.GET("/cloud/v1/tasks/{task_id}", …)`. */
export interface CloudClient {
  GET: CallMethod<"get">;
  PUT: CallMethod<"put">;
  POST: CallMethod<"post">;
  DELETE: CallMethod<"delete">;
  OPTIONS: CallMethod<"options">;
  HEAD: CallMethod<"head">;
  PATCH: CallMethod<"patch">;
  TRACE: CallMethod<"trace">;
  request: RequestMethod;
  /** Registers openapi-fetch middleware. */
  use(...middleware: Middleware[]): void;
  /** Unregisters middleware. */
  eject(...middleware: Middleware[]): void;
}
