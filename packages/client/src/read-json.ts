// The body of a success answer read as JSON, as the spec documents every 2xx answer of this API: a body that
// is empty, does not parse, is not JSON or is JSON under another content type is a typed error, never a
// SyntaxError or undefined data.
import {
  type AnswerInfo,
  EmptyBodyError,
  InvalidJsonError,
  NotJsonError,
  WrongContentTypeError,
} from "./answer-errors.js";
import type { CallInfo } from "./errors.js";
import { identify } from "./operation-id.js";
import type { Redact } from "./redact.js";

/** `application/json`, `application/problem+json`, with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

/** The parsed body of a 2xx answer; throws one of the ResponseBodyError classes when it is not JSON. */
export async function readJson(
  response: Response,
  call: CallInfo,
  started: number,
  redact: Redact,
): Promise<unknown> {
  const text = await response.text();
  const contentType = response.headers.get("content-type");
  const labelledJson = contentType === null || JSON_TYPE.test(contentType);
  if (labelledJson && text !== "") {
    try {
      return JSON.parse(text);
    } catch {
      throw await bodyError(InvalidJsonError, response, text, call, started, redact);
    }
  }
  if (text === "") throw await bodyError(EmptyBodyError, response, text, call, started, redact);
  let json = true;
  try {
    JSON.parse(text);
  } catch {
    json = false;
  }
  throw await bodyError(json ? WrongContentTypeError : NotJsonError, response, text, call, started, redact);
}

type BodyErrorClass = new (info: CallInfo, answer: AnswerInfo, elapsedMs: number, redact: Redact) => Error;

async function bodyError(
  Kind: BodyErrorClass,
  response: Response,
  text: string,
  call: CallInfo,
  started: number,
  redact: Redact,
): Promise<Error> {
  await identify(call);
  const { status, headers } = response;
  const answer = {
    status,
    contentType: headers.get("content-type"),
    requestId: headers.get("x-request-id"),
    text,
  };
  return new Kind(call, answer, performance.now() - started, redact);
}
