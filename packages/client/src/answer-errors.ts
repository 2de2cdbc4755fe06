// The answers a call cannot use: one larger than `maxResponseBytes`, and a success whose body is not the JSON
// the spec documents (every 2xx answer of this API has a JSON body) — one class per cause.
import { CallError, type CallInfo } from "./errors.js";
import type { Redact } from "./redact.js";

/** The body was larger than `maxResponseBytes`: the read stopped there and the connection was let go. */
export class ResponseTooLargeError extends CallError {
  override name = "ResponseTooLargeError";
  declare readonly status: number;
  declare readonly maxResponseBytes: number;
  /** The bytes read when the limit was passed (0 when the declared length was already too large). */
  declare readonly receivedBytes: number;
  /** The body's `Content-Length`, when the server declared one. */
  declare readonly declaredBytes: number | undefined;

  constructor(
    info: CallInfo,
    status: number,
    maxResponseBytes: number,
    receivedBytes: number,
    declaredBytes: number | undefined,
    elapsedMs: number,
  ) {
    const size = `${declaredBytes ?? `over ${receivedBytes}`} bytes`;
    super(
      info,
      elapsedMs,
      `${operation(info)}: the answer (status ${status}, ${size}) exceeds maxResponseBytes ${maxResponseBytes}`,
      undefined,
    );
    Object.assign(this, { status, maxResponseBytes, receivedBytes, declaredBytes });
  }
}

/** ` (getTask)`: the operation, in a message after the path template. */
function operation(info: CallInfo): string {
  return info.operationId ? ` (${info.operationId})` : "";
}

/** What a {@link ResponseBodyError} says of the answer. */
export interface AnswerInfo {
  status: number;
  contentType: string | null;
  requestId: string | null;
  /** The body as read, as text. */
  text: string;
}

/** The longest excerpt of a body an error keeps. */
const EXCERPT_LENGTH = 200;

/** A success answer whose body is not the JSON the operation documents; one subclass per cause. */
export abstract class ResponseBodyError extends CallError {
  declare readonly status: number;
  /** The `Content-Type` the server sent, null when none. */
  declare readonly contentType: string | null;
  declare readonly requestId: string | undefined;
  /** The start of the body (at most 200 characters), secrets redacted. */
  declare readonly excerpt: string;

  constructor(info: CallInfo, answer: AnswerInfo, what: string, elapsedMs: number, redact: Redact) {
    const excerpt = redact(answer.text.slice(0, EXCERPT_LENGTH));
    const shown = excerpt
      ? `: ${JSON.stringify(excerpt)}${answer.text.length > EXCERPT_LENGTH ? "…" : ""}`
      : "";
    super(info, elapsedMs, `${operation(info)} answered ${answer.status} with ${what}${shown}`, undefined);
    const contentType = answer.contentType === null ? null : redact(answer.contentType);
    const requestId = answer.requestId === null ? undefined : redact(answer.requestId);
    Object.assign(this, { status: answer.status, contentType, requestId, excerpt });
  }
}

/** A success answer with no body at all. */
export class EmptyBodyError extends ResponseBodyError {
  override name = "EmptyBodyError";
}

/** A body labelled JSON (or not labelled) that does not parse as JSON. */
export class InvalidJsonError extends ResponseBodyError {
  override name = "InvalidJsonError";
}

/** A body that is not JSON at all, labelled as what it is: an HTML page, plain text, XML. */
export class NotJsonError extends ResponseBodyError {
  override name = "NotJsonError";
}

/** A JSON body under another content type than JSON (`text/plain`, `application/octet-stream` …). */
export class WrongContentTypeError extends ResponseBodyError {
  override name = "WrongContentTypeError";
}
