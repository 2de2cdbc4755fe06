import type { ApiErrorBody } from "@cloud-contract/types";
import { errorBodyMessage } from "./error-message.js";
import { type Redact, redactDeep } from "./redact.js";

/** The base class of every error this package throws, so that one `instanceof` catches them all. */
export class CloudError extends Error {
  override name = "CloudError";
}

/** What an {@link ApiError} is made of. */
export interface ApiErrorInit {
  status: number;
  method: string;
  /** The path template of the operation, e.g. `/cloud/v1/tasks/{task_id}`. */
  path: string;
  /** The parsed error body: JSON when the server sent JSON, otherwise its text (undefined when empty). */
  body: unknown;
  headers: Headers;
}

/** Header names that may carry the request id, in order of preference. */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id"];

/** A response with a non-2xx status. */
export class ApiError extends CloudError {
  override name = "ApiError";
  readonly status: number;
  readonly method: string;
  /** The path template of the operation (never the filled-in URL). */
  readonly path: string;
  /**
   * The error body as sent: one of the {@link ApiErrorBody} shapes of the operation's service, or text if the
   * body was not JSON.
   */
  readonly body: ApiErrorBody | string | undefined;
  /** What the server said went wrong, found in whichever documented shape the body has (see `errorBodyMessage`). */
  readonly serverMessage: string | undefined;
  /** The request id from the response headers (or the body), for support requests. */
  readonly requestId: string | undefined;
  /** The response headers, e.g. `Retry-After` on a 429. */
  readonly headers: Headers;

  constructor(init: ApiErrorInit, redact?: Redact) {
    const body = redactDeep(init.body, redact) as ApiErrorBody | string | undefined;
    const headers = redactHeaders(init.headers, redact);
    const serverMessage = errorBodyMessage(body);
    const requestId = readRequestId(headers, body);
    let message = `${init.method} ${init.path} failed with status ${init.status}`;
    if (serverMessage) message += `: ${serverMessage.slice(0, 500)}`;
    if (requestId) message += ` (request id ${requestId})`;
    super(message);
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.body = body;
    this.serverMessage = serverMessage;
    this.requestId = requestId;
    this.headers = headers;
  }

  /** The body's `exception_class`, when the server named the kind of error (cloud bodies do). */
  get exceptionClass(): string | undefined {
    return bodyText(this.body, "exception_class");
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      requestId: this.requestId,
      body: this.body,
    };
  }
}

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

function readRequestId(headers: Headers, body: ApiErrorBody | string | undefined): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return bodyText(body, "request_id");
}

/** A text field of an object body, undefined when the body is not an object or the field is not text. */
function bodyText(body: ApiErrorBody | string | undefined, field: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

/** What a failed call was: its method and path template. */
export interface CallInfo {
  method: string;
  path: string;
}

/** The request never got a complete response: connection refused or reset, DNS failure, a body cut off. */
export class NetworkError extends CloudError {
  override name = "NetworkError";
  readonly method: string;
  readonly path: string;
  /** The system error code when the runtime gives one (`ECONNRESET`, `ECONNREFUSED`, `UND_ERR_SOCKET` …). */
  readonly code: string | undefined;

  constructor(info: CallInfo, cause: unknown) {
    const code = errorCode(cause);
    super(`${info.method} ${info.path}: network error${code ? ` (${code})` : ""}`, { cause });
    this.method = info.method;
    this.path = info.path;
    this.code = code;
  }

  toJSON() {
    return { name: this.name, message: this.message, method: this.method, path: this.path, code: this.code };
  }
}

/** A request took longer than the client's `timeoutMs`. */
export class TimeoutError extends CloudError {
  override name = "TimeoutError";
  readonly method: string;
  readonly path: string;
  readonly timeoutMs: number;

  constructor(info: CallInfo, timeoutMs: number, cause?: unknown) {
    super(`${info.method} ${info.path} timed out after ${timeoutMs} ms`, { cause });
    this.method = info.method;
    this.path = info.path;
    this.timeoutMs = timeoutMs;
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      method: this.method,
      path: this.path,
      timeoutMs: this.timeoutMs,
    };
  }
}

/** Finds a string `code` on an error or on its chain of causes (fetch implementations nest them). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
