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
  const labelledJson = type === null || JSON_TYPE.test(type);
  if (text === "") throw await bodyError(EmptyBodyError, "an empty body where JSON is documented");
  try {
    const data: unknown = JSON.parse(text);
    if (labelledJson) return data;
  } catch {
    throw await bodyError(
      labelledJson ? InvalidJsonError : NotJsonError,
      labelledJson ? `invalid JSON (${type ?? "no content type"})` : `${type} where JSON is documented`,
    );
  }
  throw await bodyError(WrongContentTypeError, `JSON labelled ${type}, not application/json`);

  async function bodyError(Kind: typeof ResponseBodyError, what: string): Promise<Error> {
    await identify(call);
    const { status, headers } = response;
    const answer = { status, contentType: type, requestId: headers.get("x-request-id"), text };
    return new (Kind as unknown as BodyErrorClass)(call, answer, what, performance.now() - started, redact);
  }
}

type BodyErrorClass = new (...args: ConstructorParameters<typeof ResponseBodyError>) => Error;
