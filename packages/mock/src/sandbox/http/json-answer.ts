import { stringifyJson } from "../exact-json.js";
import type { SandboxResponse } from "./exchange.js";

/** An answer with a JSON body (serialised now) and its length, type and request id. */
export function jsonAnswer(
  status: number,
  body: unknown,
  requestId: string,
  headers?: Record<string, string>,
): SandboxResponse {
  const text = body === undefined ? undefined : stringifyJson(body);
  return textAnswer(status, text, requestId, headers);
}

/** An answer whose JSON body is already serialised (its length is the adapter's to state). */
export function textAnswer(
  status: number,
  text: string | undefined,
  requestId: string,
  headers?: Record<string, string>,
): SandboxResponse {
  const out: Record<string, string> = { "Content-Type": "application/json", "X-Request-Id": requestId };
  if (headers) Object.assign(out, headers);
  return { status, headers: out, body: text };
}

const encoder = new TextEncoder();

/** The length of `text` in UTF-8 bytes, in Node and in browsers alike (no `Buffer`). */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Whether `text` takes more than `max` UTF-8 bytes; encodes it only when its length cannot tell. */
export function longerThan(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  return utf8Length(text) > max;
}

/** The answer to HEAD: the GET's answer without its body, stating the body's length. */
export function headAnswer(answer: SandboxResponse): SandboxResponse {
  const length = answer.body === undefined ? 0 : utf8Length(answer.body);
  return { ...answer, headers: { ...answer.headers, "Content-Length": String(length) }, body: undefined };
}
