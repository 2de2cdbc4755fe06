// One client connection of the record proxy, relayed to a connection of its own to the upstream. Bytes
// pass as they come; the relay reads them as HTTP/1.1 on the side (http-parser-js) only to know where each
// exchange begins and ends and to keep what the HAR needs. The one change on the way: the request's head
// gets the upstream's base path before its path and the upstream's Host (a chunked request body is framed
// anew, since the parser hands over the chunks' data). Answers reach the client exactly as the upstream
// sent them.
//
// Every exchange ends in exactly one of RelayEvents' three outcomes: answered (its answer came whole),
// unanswered (the upstream could not be reached or stayed silent; the client got a 502 or a 504) or
// abandoned (the client went away, or the upstream broke off mid-answer).
import type { IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { HTTPParser } from "http-parser-js";
import { codeOf, messageOf } from "../error-message.js";
import type { Exchange } from "./har.js";
import { KeptBody } from "./kept-body.js";

export interface RelayEvents {
  /** A request's head was read: one more exchange in flight. */
  begun(): void;
  /** Its answer came whole. `responseBody` is as sent (still content-encoded); `cut` when a body was cut. */
  answered(exchange: Exchange, cut: boolean): void;
  /** No answer: the client got a 502 (unreachable) or a 504 (timeout). */
  unanswered(kind: "unreachable" | "timeout", reason: string): void;
  /** The client went away, or the upstream broke off mid-answer; nothing to record. */
  abandoned(): void;
}

export interface RelayTarget {
  /** Opens a new connection to the upstream. */
  connect(): Socket;
  /** The upstream's origin and base path (no trailing slash), and its Host header. */
  origin: string;
  basePath: string;
  host: string;
  /** How long the upstream may stay silent while an answer is awaited. */
  timeoutMs: number;
  /** True once the proxy stops: connections are closed as soon as they are idle. */
  stopping(): boolean;
}

/** How long an idle client connection is kept open. */
const CLIENT_KEEP_ALIVE_MS = 5_000;

class UpstreamTimeout extends Error {}

/** One exchange from its request's head until it ends. */
class InFlight {
  readonly startedAt = new Date();
  readonly t0 = performance.now();
  readonly requestBody = new KeptBody();
  readonly responseBody = new KeptBody();
  answerBegun = false;
  status = 0;
  statusText = "";
  responseHeaders: IncomingHttpHeaders = {};
  waitMs = 0;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly httpVersion: string,
    readonly requestHeaders: IncomingHttpHeaders,
  ) {}

  exchange(): Exchange {
    return {
      startedAt: this.startedAt,
      method: this.method,
      url: this.url,
      httpVersion: this.httpVersion,
      requestHeaders: this.requestHeaders,
      requestBody: this.requestBody.buffer(),
      requestSize: this.requestBody.size,
      status: this.status,
      statusText: this.statusText,
      responseHeaders: this.responseHeaders,
      responseBody: this.responseBody.buffer(),
      responseSize: this.responseBody.size,
      waitMs: this.waitMs,
      totalMs: performance.now() - this.t0,
    };
  }
}

/** A connection to the upstream and the exchanges sent on it whose answers are not complete (in order). */
class UpstreamLink {
  readonly parser = new HTTPParser(HTTPParser.RESPONSE);
  readonly waiting: InFlight[] = [];
  /** Reading a 1xx answer (100 Continue): not the exchange's answer. */
  interim = false;
  failure: Error | undefined;

  constructor(readonly socket: Socket) {}
}

/** Node's way of folding repeated headers into one object (set-cookie stays a list). */
function headerObject(raw: string[]): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? "").toLowerCase();
    const value = raw[i + 1] ?? "";
    const had = out[name];
    if (had === undefined) out[name] = name === "set-cookie" ? [value] : value;
    else if (Array.isArray(had)) had.push(value);
    else out[name] = `${had}, ${value}`;
  }
  return out;
}

/** A whole answer the proxy writes itself, after which the connection closes. */
function ownAnswer(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ message });
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

const errorCode = (error: Error) => codeOf(error);

/**
 * The path and query a request target names: itself in origin form (`/path?q`), those of an absolute-form
 * target (`http://host/path?q`, which the proxy sends to its upstream all the same); undefined for the
 * other forms (`*`, `host:port`), which are refused.
 */
export function originForm(target: string): string | undefined {
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

export class ClientRelay {
  private readonly requests = new HTTPParser(HTTPParser.REQUEST);
  private link: UpstreamLink | undefined;
  /** The request whose body is being read, and the link it goes to. */
  private current: { exchange: InFlight; link: UpstreamLink; chunked: boolean } | undefined;
  /** The client's data is no longer read (an answer of the proxy's own was sent). */
  private refused = false;
  /** Close once idle: an answer said `Connection: close`. */
  private closing = false;

  constructor(
    private readonly client: Socket,
    private readonly target: RelayTarget,
    private readonly events: RelayEvents,
  ) {
    this.requests[HTTPParser.kOnHeadersComplete] = (info) => this.requestHead(info);
    this.requests[HTTPParser.kOnBody] = (chunk) => this.requestBody(chunk);
    this.requests[HTTPParser.kOnMessageComplete] = () => this.requestEnd();
    client.on("data", (data: Buffer) => this.fromClient(data));
    client.on("drain", () => this.link?.socket.resume());
    // A client that stops sending while it still waits is taken as gone, as Node's own server does.
    client.on("end", () => (this.idle() ? client.end() : client.destroy()));
    client.on("error", () => {}); // 'close' follows
    client.on("close", () => this.clientClosed());
    client.setTimeout(CLIENT_KEEP_ALIVE_MS, () => {
      if (this.idle()) client.destroy();
    });
  }

  /** No request being read, no answer awaited. */
  idle(): boolean {
    return this.current === undefined && (this.link?.waiting.length ?? 0) === 0;
  }

  /** Ends the connection now if it is idle, else once it is (the proxy is stopping). */
  endIfDone(): void {
    if ((this.closing || this.target.stopping()) && this.idle() && !this.client.destroyed) this.client.end();
  }

  destroy(): void {
    this.client.destroy();
  }

  private fromClient(data: Buffer): void {
    if (this.refused) return;
    const link = this.link;
    link?.socket.cork();
    const result = this.requests.execute(data);
    link?.socket.uncork();
    if (result instanceof Error && !this.refused) {
      this.refuse(ownAnswer(400, "Bad Request", `malformed request: ${errorCode(result)}`));
    }
  }

  private requestHead(info: {
    method: number;
    url: string;
    versionMajor: number;
    versionMinor: number;
    headers: string[];
    upgrade: boolean;
  }): void {
    if (this.refused) return;
    if (info.upgrade) {
      this.refuse(ownAnswer(501, "Not Implemented", "record proxy: protocol upgrades are not relayed"));
      return;
    }
    const path = originForm(info.url);
    if (path === undefined) {
      this.refuse(
        ownAnswer(
          400,
          "Bad Request",
          "record proxy: only a path or an absolute http(s) URL is relayed as the request target",
        ),
      );
      return;
    }
    const method = HTTPParser.methods[info.method] ?? "GET";
    const version = `${info.versionMajor}.${info.versionMinor}`;
    const { origin, basePath, host } = this.target;
    let head = `${method} ${basePath}${path} HTTP/${version}\r\nHost: ${host}\r\n`;
    const raw = info.headers;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] ?? "";
      if (name.length !== 4 || name.toLowerCase() !== "host") head += `${name}: ${raw[i + 1]}\r\n`;
    }
    const headers = headerObject(raw);
    const exchange = new InFlight(method, `${origin}${basePath}${path}`, version, headers);
    const link = this.upstream();
    const chunked = headers["transfer-encoding"]?.toLowerCase().endsWith("chunked") ?? false;
    this.current = { exchange, link, chunked };
    link.waiting.push(exchange);
    this.events.begun();
    this.send(link, `${head}\r\n`);
  }

  /** Answers a request the proxy does not relay with `answer` and reads nothing more (cut when others are awaited). */
  private refuse(answer: string): void {
    this.refused = true;
    if (this.idle()) this.client.end(answer);
    else this.client.destroy();
  }

  private requestBody(chunk: Buffer): void {
    if (!this.current) return;
    const { exchange, link, chunked } = this.current;
    exchange.requestBody.add(chunk);
    if (chunked) this.send(link, `${chunk.length.toString(16)}\r\n`);
    this.send(link, chunk);
    if (chunked) this.send(link, "\r\n");
  }

  private requestEnd(): void {
    if (this.current?.chunked) this.send(this.current.link, "0\r\n\r\n");
    this.current = undefined;
    this.endIfDone();
  }

  /** Writes to the upstream (dropped if that connection is gone); a full buffer pauses the client. */
  private send(link: UpstreamLink, data: string | Buffer): void {
    if (link.socket.destroyed) return;
    if (!link.socket.write(data)) this.client.pause();
  }

  /** The open connection to the upstream, or a new one. */
  private upstream(): UpstreamLink {
    if (this.link?.socket.writable) return this.link;
    const link = new UpstreamLink(this.target.connect());
    link.parser[HTTPParser.kOnHeadersComplete] = (info) => this.answerHead(link, info);
    link.parser[HTTPParser.kOnBody] = (chunk) => link.waiting[0]?.responseBody.add(chunk);
    link.parser[HTTPParser.kOnMessageComplete] = () => this.answerEnd(link);
    const { socket } = link;
    socket.setNoDelay(true);
    socket.setTimeout(this.target.timeoutMs, () => {
      if (link.waiting.length > 0)
        link.failure ??= new UpstreamTimeout(`no answer in ${this.target.timeoutMs} ms`);
      socket.destroy();
    });
    socket.on("data", (data: Buffer) => this.fromUpstream(link, data));
    socket.on("drain", () => this.client.resume());
    socket.on("error", (error) => {
      link.failure ??= error;
    });
    socket.on("close", () => this.upstreamClosed(link));
    this.link = link;
    return link;
  }

  private fromUpstream(link: UpstreamLink, data: Buffer): void {
    if (!this.client.destroyed && !this.client.write(data)) link.socket.pause();
    const result = link.parser.execute(data);
    if (result instanceof Error) {
      link.failure ??= new Error(`malformed answer: ${errorCode(result)}`);
      link.socket.destroy();
    }
  }

  private answerHead(
    link: UpstreamLink,
    info: { statusCode: number; statusMessage: string; headers: string[] },
  ): number {
    const exchange = link.waiting[0];
    if (!exchange) return 0;
    if (info.statusCode < 200) {
      link.interim = true;
      return 0;
    }
    exchange.answerBegun = true;
    exchange.waitMs = performance.now() - exchange.t0;
    exchange.status = info.statusCode;
    exchange.statusText = info.statusMessage;
    exchange.responseHeaders = headerObject(info.headers);
    if (/\bclose\b/i.test(String(exchange.responseHeaders.connection ?? ""))) this.closing = true;
    // An answer to HEAD announces a body it does not send.
    return exchange.method === "HEAD" ? 1 : 0;
  }

  private answerEnd(link: UpstreamLink): void {
    if (link.interim) {
      link.interim = false;
      return;
    }
    const exchange = link.waiting.shift();
    if (!exchange) return;
    this.events.answered(exchange.exchange(), exchange.requestBody.cut || exchange.responseBody.cut);
    this.endIfDone();
  }

  /** The upstream connection is gone: an answer that ends with the connection is complete; the rest fail. */
  private upstreamClosed(link: UpstreamLink): void {
    const unanswered = link.waiting.length;
    if (unanswered > 0 && link.failure === undefined) {
      link.parser.finish();
      // An answer without a length ends with its connection: the client's must end too, or it waits on.
      if (link.waiting.length < unanswered) this.closing = true;
    }
    if (this.link === link) this.link = undefined;
    this.client.resume(); // in case it waited for this connection to drain
    const [first, ...rest] = link.waiting.splice(0);
    if (first && !first.answerBegun && !this.client.destroyed) {
      const timedOut = link.failure instanceof UpstreamTimeout;
      const reason = timedOut
        ? messageOf(link.failure)
        : link.failure
          ? errorCode(link.failure)
          : "closed before answering";
      this.events.unanswered(timedOut ? "timeout" : "unreachable", reason);
      this.refused = true;
      this.current = undefined;
      this.client.end(
        timedOut
          ? ownAnswer(504, "Gateway Timeout", `record proxy: upstream timed out: ${reason}`)
          : ownAnswer(502, "Bad Gateway", `record proxy: upstream unreachable: ${reason}`),
      );
    } else if (first) {
      this.events.abandoned();
      this.client.destroy();
    }
    for (const _ of rest) this.events.abandoned();
    this.endIfDone();
  }

  /** The client is gone: whatever it still waited for is abandoned, and its upstream connection closed. */
  private clientClosed(): void {
    const link = this.link;
    this.link = undefined;
    this.current = undefined;
    if (!link) return;
    const left = link.waiting.splice(0);
    for (const _ of left) this.events.abandoned();
    link.socket.destroy();
  }
}
