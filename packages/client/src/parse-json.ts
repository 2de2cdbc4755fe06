// The body of a success answer parsed as JSON, as the spec documents every 2xx answer of this API: a body that
// is empty, does not parse, is not JSON or is JSON under another content type is a typed error, never a
// SyntaxError or undefined data — except the answers the spec says may come without a body (no data then).
import { BODY_OPTIONAL_ANSWERS } from "@cloud-contract/types";
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

/** Whether the spec lets this answer of the operation at `path` (a template) come with no body. */
export const mayHaveNoBody = (method: string, path: string, status: number) =>
  BODY_OPTIONAL_ANSWERS.some((answer) => answer === `${method} ${path} ${status}`);

/** `application/json`, `application/problem+json`, with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

/** What {@link parseJson} gives for a body that is not the documented JSON. */
export const NOT_JSON = Symbol();

/**
 * The parsed body of a 2xx answer, read as text (undefined when openapi-fetch saw `Content-Length: 0`), or
 * {@link NOT_JSON} when it is empty, labelled as something else than JSON or does not parse.
 */
export function parseJson(text: string | undefined, type: string | null): unknown {
  if (!text || (type !== null && !JSON_TYPE.test(type))) return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** The error of a body that is not the documented JSON: the first cause that applies. */
export async function bodyError(
  response: Response,
  text: string,
  call: CallInfo,
  started: number,
  redact: Redact,
): Promise<Error> {
  const type = response.headers.get("content-type");
  let Kind: BodyErrorClass = EmptyBodyError;
  let what = "an empty body";
  if (text !== "") {
    Kind = type === null || JSON_TYPE.test(type) ? InvalidJsonError : WrongContentTypeError;
    what =
      Kind === InvalidJsonError ? `invalid JSON (${type ?? "no content type"})` : `JSON labelled ${type}`;
    if (Kind === WrongContentTypeError) {
      try {
        JSON.parse(text);
      } catch {
        Kind = NotJsonError;
        what = `${type} where JSON is documented`;
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
  return new Kind(call, answer, what, performance.now() - started, redact);
}

type BodyErrorClass = new (...args: ConstructorParameters<typeof ResponseBodyError>) => Error;
