import type { SandboxResponse } from "./exchange.js";

/** An answer with a JSON body (serialised now) and its length, type and request id. */
export function jsonAnswer(
  status: number,
  body: unknown,
  requestId: string,
  headers?: Record<string, string>,
): SandboxResponse {
  const text = body === undefined ? undefined : JSON.stringify(body);
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

/** The answer to HEAD: the GET's answer without its body, stating the body's length. */
export function headAnswer(answer: SandboxResponse): SandboxResponse {
  const length = answer.body === undefined ? 0 : encoder.encode(answer.body).length;
  return { ...answer, headers: { ...answer.headers, "Content-Length": String(length) }, body: undefined };
}
