// The body of a success answer read as JSON, as the spec documents every 2xx answer of this API: a body that
// is empty, does not parse, is not JSON or is JSON under another content type is a typed error, never a
// SyntaxError or undefined data.
import {
  EmptyBodyError,
  InvalidJsonError,
  NotJsonError,
  type ResponseBodyError,
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
  const type = response.headers.get("content-type");
  if (text !== "" && (type === null || JSON_TYPE.test(type))) {
    try {
      return JSON.parse(text);
    } catch {}
  }
  throw await bodyError(response, text, type, call, started, redact);
}

/** The error of a body that is not the documented JSON: the first cause that applies. */
async function bodyError(
  response: Response,
  text: string,
  type: string | null,
  call: CallInfo,
  started: number,
  redact: Redact,
): Promise<Error> {
  let Kind: typeof ResponseBodyError = EmptyBodyError;
  let what = "an empty body where JSON is documented";
  if (text !== "") {
    Kind = type === null || JSON_TYPE.test(type) ? InvalidJsonError : WrongContentTypeError;
    what =
      Kind === InvalidJsonError ? `invalid JSON (${type ?? "no content type"})` : `JSON labelled ${type}`;
    if (Kind === WrongContentTypeError) {
      try {
        JSON.parse(text);
      } catch {
        [Kind, what] = [NotJsonError, `${type} where JSON is documented`];
      }
    }
  }
  await identify(call);
  const answer = {
    status: response.status,
    contentType: type,
    requestId: response.headers.get("x-request-id"),
    text,
  };
  return new (Kind as unknown as BodyErrorClass)(call, answer, what, performance.now() - started, redact);
}

type BodyErrorClass = new (...args: ConstructorParameters<typeof ResponseBodyError>) => Error;
