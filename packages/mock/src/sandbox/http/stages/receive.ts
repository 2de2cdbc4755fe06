import { ApiError } from "../api-error.js";
import type { Call, StageResult } from "./call.js";

/** Bodies longer than this (characters) are worked on in several turns of the event loop. */
const LARGE_BODY = 64 * 1024;

/** Receive: the body's text, for operations that take one (a body past the size limit rejects with a 413). */
export function receive<App>(call: Call<App>): StageResult | Promise<StageResult> {
  const { body } = call.request;
  if (!call.op.body || body === undefined) return undefined;
  if (typeof body === "function") return body().then((bytes) => keep(call, bytes));
  return keep(call, body);
}

function keep<App>(call: Call<App>, bytes: Uint8Array | string): StageResult {
  const text = typeof bytes === "string" ? bytes : decodeUtf8(bytes);
  if (text === undefined) {
    return new ApiError(400, "The request body is not valid UTF-8.", { exceptionClass: "ValidationError" });
  }
  const type = call.request.headers["content-type"];
  call.raw = { text, contentType: typeof type === "string" ? type : "" };
  call.large = text.length > LARGE_BODY;
  return undefined;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text; undefined for bytes that are not UTF-8 (they are never replaced by U+FFFD). */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
