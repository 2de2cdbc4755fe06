import type { OperationId } from "@cloud-contract/types";
import { errorBodyMessage } from "./error-message.js";
import type { ErrorStatus, StatusAndBody } from "./error-types.js";
import { propertyOf } from "./property.js";
import { holdsSecret, type Redact, redactDeep } from "./redact.js";

/** The base class of every error this package throws, so that one `instanceof` catches them all. */
export class CloudError extends Error {
  override name = "CloudError";

  /** Its fields and message, for logs that serialise errors. */
  toJSON(): object {
    return { ...this, message: this.message };
  }
}

/** What an {@link ApiError} is made of. */
export interface ApiErrorInit extends CallInfo {
  status: number;
  /** The parsed error body: JSON when the server sent JSON, otherwise its text (undefined when empty). */
  body: unknown;
  headers: Headers;
}

/** Header names that may carry the request id, in order of preference. */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id"];

/**
 * A response with a non-2xx status. Its type {@link ApiError} narrows `body` by `operationId` and `status`;
 * this class holds what every such error has.
 */
export class ApiErrorBase extends CloudError {
  override name = "ApiError";
  declare readonly status: number;
  declare readonly method: string;
  /** The path template of the operation (never the filled-in URL). */
  declare readonly path: string;
  /** The operation called, undefined for a result of an openapi-fetch client not made by this package. */
  declare readonly operationId: OperationId | undefined;
  /** The error body as sent: JSON parsed, else its text (undefined when empty). */
  declare readonly body: unknown;
  /** What the server said went wrong, found in whichever documented shape the body has (see `errorBodyMessage`). */
  declare readonly serverMessage: string | undefined;
  /** The request id from the response headers (or the body), for support requests. */
  declare readonly requestId: string | undefined;
  /** The response headers, e.g. `Retry-After` on a 429. */
  declare readonly headers: Headers;

  constructor(init: ApiErrorInit, redact?: Redact) {
    const body = redactDeep(init.body, redact);
    const headers = redactHeaders(init.headers, redact);
    const serverMessage = errorBodyMessage(body);
    const requestId = readRequestId(headers, body);
    let message = `${init.method} ${init.path} failed with status ${init.status}`;
    if (serverMessage) message += `: ${serverMessage.slice(0, 500)}`;
    if (requestId) message += ` (request id ${requestId})`;
    super(message);
    const { status, method, path, operationId } = init;
    Object.assign(this, { status, method, path, operationId, body, serverMessage, requestId, headers });
  }

  /** The body's `exception_class`, when the server named the kind of error (cloud bodies do). */
  get exceptionClass(): string | undefined {
    return bodyText(this.body, "exception_class");
  }

  override toJSON() {
    const { headers, serverMessage, ...fields } = this;
    return { ...fields, message: this.message };
  }
}

/**
 * A non-2xx response of an operation, its body typed by its status: after `error.operationId === "getTask"`
 * and `error.status === 404`, `error.body` is that operation's documented 404 body; a status the operation
 * does not document leaves the body `unknown`. `ApiError<"getTask">` is the error of one operation.
 */
export type ApiError<Id extends OperationId | undefined = OperationId | undefined> = Id extends OperationId
  ? ApiErrorBase & StatusAndBody<Id>
  : ApiErrorBase & { readonly operationId: undefined; readonly status: ErrorStatus; readonly body: unknown };

export interface ApiErrorConstructor {
  new (init: ApiErrorInit, redact?: Redact): ApiError;
  readonly prototype: ApiError;
}

/** The class of every {@link ApiError}: `error instanceof ApiError` narrows to the typed union. */
export const ApiError = ApiErrorBase as unknown as ApiErrorConstructor;

/** The headers with `redact` applied to every value (a copy only when something had to be redacted). */
function redactHeaders(headers: Headers, redact: Redact | undefined): Headers {
  if (!redact) return headers;
  let copy: Headers | undefined;
  headers.forEach((value, name) => {
    const clean = redact(value);
    if (clean === value) return;
    copy ??= new Headers(headers);
    copy.set(name, clean);
  });
  return copy ?? headers;
}

function readRequestId(headers: Headers, body: unknown): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return bodyText(body, "request_id");
}

/** A text field of an object body, undefined when the body is not an object or the field is not text. */
function bodyText(body: unknown, field: string): string | undefined {
  const value = propertyOf(body, field);
  return typeof value === "string" ? value : undefined;
}

/** What a failed call was: its method, path template and operation. */
export interface CallInfo {
  method: string;
  path: string;
  /** Undefined for a path the spec does not have (or a result of another openapi-fetch client). */
  operationId?: OperationId | undefined;
}

/** An error about one call that never got a usable answer: names the call and how long it ran. */
export abstract class CallError extends CloudError {
  declare readonly method: string;
  declare readonly path: string;
  declare readonly operationId: OperationId | undefined;
  /** Milliseconds from the start of the call (all its attempts and waits) to the failure. */
  declare readonly elapsedMs: number;

  constructor(info: CallInfo, elapsedMs: number, what: string, cause: unknown) {
    super(`${info.method} ${info.path}${what} after ${Math.round(elapsedMs)} ms`, { cause });
    Object.assign(this, { method: info.method, path: info.path, operationId: info.operationId, elapsedMs });
  }
}

/**
 * The request never got a complete response: connection refused or reset, DNS failure, a body cut off — or
 * a custom `fetch` (an in-process sandbox, say) rejected with a TypeError, which fetch uses for these.
 */
export class NetworkError extends CallError {
  override name = "NetworkError";
  /** The host (and port) of the request's URL, e.g. `api.gcore.com` or `127.0.0.1:4011`. */
  declare readonly host: string;
  /** The system error code when the runtime gives one (`ECONNRESET`, `ECONNREFUSED`, `UND_ERR_SOCKET` …). */
  declare readonly code: string | undefined;
  /**
   * True when the request went through a custom `fetch` (the client's option or the call's). Its error is
   * the `cause`, unless that error's text holds the API key.
   */
  declare readonly customFetch: boolean;

  constructor(
    info: CallInfo,
    host: string,
    elapsedMs: number,
    cause: unknown,
    customFetch = false,
    redact: Redact = (text) => text,
  ) {
    const code = errorCode(cause);
    const what = customFetch
      ? `: the custom fetch failed${code ? ` (${code})` : ""}: ${redact(String(propertyOf(cause, "message")))}`
      : `: network error${code ? ` (${code})` : ""} reaching ${host}`;
    super(info, elapsedMs, what, holdsSecret(cause, redact) ? undefined : cause);
    Object.assign(this, { host, code, customFetch });
  }
}

/**
 * A call ran out of time: an attempt took longer than `timeoutMs` (the call's or the client's), or the call's
 * own signal timed out (`AbortSignal.timeout(ms)`; then `timeoutMs` is undefined).
 */
export class TimeoutError extends CallError {
  override name = "TimeoutError";
  declare readonly timeoutMs: number | undefined;

  constructor(info: CallInfo, timeoutMs: number | undefined, elapsedMs: number, cause?: unknown) {
    super(info, elapsedMs, " timed out", cause);
    Object.assign(this, { timeoutMs });
  }
}

/** The call's own `signal` aborted it; `cause` is the signal's reason. */
export class AbortError extends CallError {
  override name = "AbortError";

  constructor(info: CallInfo, elapsedMs: number, reason: unknown) {
    super(info, elapsedMs, " was aborted", reason);
  }
}

/** One way an answer breaks the spec. */
export interface ResponseViolation {
  /** JSON pointer into the body (`/` for the body itself, and for the status and the content type). */
  pointer: string;
  message: string;
  /** The offending value (the status or the content type for those). */
  value: unknown;
}

/** What a {@link ResponseValidationError} says of the answer. */
export interface ResponseValidationInit {
  method: string;
  path: string;
  operationId: OperationId;
  status: number;
  requestId: string | undefined;
  /** Every way the answer breaks the spec. */
  violations: ResponseViolation[];
  /** The JSON pointer of the first violation (`/` for the body itself, the status, the content type). */
  pointer: string;
  /** The offending value at `pointer`. */
  value: unknown;
}

/**
 * An answer that breaks the spec (`validateResponses: "throw"`): an undocumented status or content type, or
 * a body that does not match the operation's schema.
 */
export class ResponseValidationError extends CloudError {
  override name = "ResponseValidationError";
  declare readonly method: string;
  declare readonly path: string;
  declare readonly operationId: OperationId;
  declare readonly status: number;
  declare readonly requestId: string | undefined;
  declare readonly violations: ResponseViolation[];
  /** The JSON pointer of the first violation (`/` for the body itself, the status, the content type). */
  declare readonly pointer: string;
  /** The offending value at `pointer`. */
  declare readonly value: unknown;

  constructor(message: string, init: ResponseValidationInit) {
    super(message);
    Object.assign(this, init);
  }
}

/** Finds a string `code` on an error or on its chain of causes (fetch implementations nest them). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = propertyOf(e, "code");
    if (typeof code === "string") return code;
    e = propertyOf(e, "cause");
  }
  return undefined;
}
