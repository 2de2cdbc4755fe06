import type { IncomingMessage, ServerResponse } from "node:http";
import type { SandboxCore, SandboxResponse } from "./exchange.js";
import { readBody } from "./read-body.js";
import { slowBodyPieces } from "./slow-body.js";

/**
 * The `node:http` adapter over a core: hands it the request with a body reader (at most `maxBodyBytes`, read
 * only when the operation takes a body) and writes its answer, unless the client has gone.
 *
 * Answers are written in the event loop's check phase (`setImmediate`), once the poll phase has read every
 * request that arrived, rather than each from the microtask that finished it: under load the sends then come
 * in a burst instead of one between every two reads, which costs the server less CPU per answer.
 */
export function nodeAdapter(
  core: SandboxCore,
  maxBodyBytes: number,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let read = false;
    core({
      method: req.method ?? "GET",
      url: originForm(req.url ?? "/"),
      headers: req.headers,
      body: () => {
        read = true;
        return readBody(req, maxBodyBytes);
      },
      // The client left: the response or the connection is gone. (`req.destroyed` is no sign of it: a request
      // is destroyed once its body has been read.)
      closed: () => res.closed || res.destroyed || req.socket.destroyed,
      client: req.socket.remoteAddress ?? "",
    }).then(
      (answer) => {
        if (!read) req.resume();
        setImmediate(write, res, answer);
      },
      () => {
        if (!read) req.resume();
        setImmediate(write, res, failedAnswer(undefined));
      },
    );
  };
}

/**
 * The request target in origin form (`/path?query`): an absolute-form target (`http://host/path`, as sent to
 * a proxy, RFC 9112 §3.2.2) is served as its path and query.
 */
export function originForm(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}

/**
 * The answer to a call the core failed on, or whose answer Node refused to write: a 500 in the error shape of
 * the cloud API (the control API's), so that one call's failure never ends the process.
 */
function failedAnswer(requestId: string | undefined): SandboxResponse {
  const id = requestId ?? "";
  const message = `The sandbox failed to answer this call${id ? ` (request ${id})` : ""}.`;
  return {
    status: 500,
    headers: { "Content-Type": "application/json", ...(id ? { "X-Request-Id": id } : {}) },
    body: JSON.stringify({ message, exception_class: "InternalServerError", request_id: id }),
  };
}

function write(res: ServerResponse, answer: SandboxResponse): void {
  if (res.destroyed) return;
  try {
    writeAnswer(res, answer);
  } catch {
    if (res.headersSent) res.destroy();
    else writeAnswer(res, failedAnswer(answer.headers["X-Request-Id"]));
  }
}

function writeAnswer(res: ServerResponse, answer: SandboxResponse): void {
  const { delivery } = answer;
  if (delivery && "reset" in delivery) {
    res.destroy();
    return;
  }
  const headers: Record<string, string | number> = answer.headers;
  if (answer.body !== undefined) headers["Content-Length"] = Buffer.byteLength(answer.body);
  else if (answer.status !== 204 && !("Content-Length" in headers)) headers["Content-Length"] = 0;
  res.writeHead(answer.status, headers);
  if (delivery && answer.body !== undefined) trickle(res, answer.body, delivery.spreadMs);
  else res.end(answer.body);
}

/** Writes the body in pieces spread over `durationMs`. */
function trickle(res: ServerResponse, body: string, durationMs: number): void {
  const { pieces, everyMs } = slowBodyPieces(body, durationMs);
  let next = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    const piece = pieces[next++];
    if (next >= pieces.length) {
      clearInterval(timer);
      res.end(piece);
    } else res.write(piece);
  }, everyMs);
  res.once("close", () => clearInterval(timer));
}
