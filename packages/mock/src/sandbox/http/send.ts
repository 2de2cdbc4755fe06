import type { ServerResponse } from "node:http";

/** Writes a JSON response with an explicit length (keeps keep-alive connections cheap). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  requestId: string,
  headers?: Record<string, string>,
): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  const out: Record<string, string | number> = {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "X-Request-Id": requestId,
  };
  if (headers) Object.assign(out, headers);
  res.writeHead(status, out);
  res.end(text);
}
