// The record proxy: a local HTTP server that forwards every request to the upstream API as it comes
// (bodies streamed both ways), and afterwards (off the request's path) judges the exchange against the
// spec, redacts it and adds it to a HAR 1.2 log in the output directory.
//
// What it survives: an upstream that answers before it has read a large request body, clients that go
// away mid-request or mid-answer, JSON too deep to walk (kept and redacted as text, not judged), bodies
// larger than MAX_KEPT_BODY (forwarded whole, kept cut in the HAR, not judged), an upstream that never
// answers (504 after --upstream-timeout) or cannot be reached (502, a warning, counted).
import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { parseBody } from "../body.js";
import type { Judge } from "../judge.js";
import { type Exchange, ensureDir, HarWriter, type RecordedEntry, toEntry } from "./har.js";
import { jsonDepthAtMost } from "./json-depth.js";
import { MAX_JSON_DEPTH, Redactor } from "./redact.js";

/** Bytes of each body kept for the HAR and the judge; the rest is forwarded, counted and not kept. */
export const MAX_KEPT_BODY = 1024 * 1024;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export interface RecordProxyOptions {
  /** The API every request goes to, e.g. `https://api.example.com` (a base path is kept). */
  upstream: string;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Where the HAR log goes (created if missing). */
  outDir: string;
  judge: Judge;
  /** How long to wait for the upstream's answer (its headers, and then each part of its body). */
  upstreamTimeoutMs?: number;
  /** Called with each violation as it is found (one or more lines). */
  onViolation?: (text: string) => void;
  /** Called with a warning: the first failure of each kind to reach the upstream. */
  onWarning?: (text: string) => void;
  /** Redacts the exchanges; one over the spec's and the control API's secret fields unless given. */
  redactor?: Redactor;
}

export interface RecordSummary {
  /** The HAR file written. */
  file: string;
  /** Exchanges answered and written to the HAR. */
  exchanges: number;
  /** Exchanges whose route is not an operation of the spec (recorded, not judged). */
  unknownRoutes: number;
  /** Exchanges written but not judged: a body cut at MAX_KEPT_BODY or nested deeper than MAX_JSON_DEPTH. */
  unjudged: number;
  /** Exchanges that broke the contract, per operationId. */
  broken: Record<string, number>;
  violations: number;
  /** Requests the upstream could not be reached for (answered 502), and those it did not answer in time (504). */
  unreachable: number;
  timedOut: number;
  /** Requests whose client went away before the answer was complete (not recorded). */
  aborted: number;
}

export interface RecordProxy {
  url: string;
  file: string;
  /** What has been recorded so far. */
  summary(): RecordSummary;
  /** Stops accepting requests, lets the ones in flight finish (bounded), writes the log. */
  stop(): Promise<RecordSummary>;
}

/** Headers that belong to one connection, never forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === "gzip") return gunzipSync(body);
    if (encoding === "deflate") return inflateSync(body);
    if (encoding === "br") return brotliDecompressSync(body);
  } catch {
    // Kept as it came: the judge then reports a body it cannot read.
  }
  return body;
}

/** The first MAX_KEPT_BODY bytes of a body, and its whole size. */
class KeptBody {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  size = 0;

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= MAX_KEPT_BODY) return;
    const part =
      chunk.length + this.kept > MAX_KEPT_BODY ? chunk.subarray(0, MAX_KEPT_BODY - this.kept) : chunk;
    this.parts.push(part);
    this.kept += part.length;
  }

  get cut(): boolean {
    return this.size > this.kept;
  }

  buffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

class UpstreamTimeout extends Error {}

const errorCode = (error: Error) => (error as NodeJS.ErrnoException).code ?? error.message;

export async function startRecordProxy(options: RecordProxyOptions): Promise<RecordProxy> {
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, "");
  const secure = upstream.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const redactor = options.redactor ?? new Redactor();
  let pending: RecordedEntry[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  ensureDir(options.outDir);
  const file = join(options.outDir, `recording-${stamp}.har`);
  const counts: Omit<RecordSummary, "file"> = {
    exchanges: 0,
    unknownRoutes: 0,
    unjudged: 0,
    broken: {},
    violations: 0,
    unreachable: 0,
    timedOut: 0,
    aborted: 0,
  };
  const warned = new Set<string>();
  let inFlight = 0;
  let idle: (() => void) | undefined;
  let flushTimer: NodeJS.Timeout | undefined;

  const writer = new HarWriter(file);
  // Entries are written in batches, at most 50 ms after they were recorded.
  const flush = () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    writer.append(pending);
    pending = [];
  };
  const scheduleFlush = () => {
    flushTimer ??= setTimeout(flush, 50).unref();
  };
  const finished = () => {
    inFlight--;
    if (inFlight === 0) idle?.();
  };
  const warn = (kind: string, text: string) => {
    if (warned.has(kind)) return;
    warned.add(kind);
    options.onWarning?.(text);
  };

  /** Judges (when the body is whole and not too deep), redacts and keeps one exchange. */
  function keep(exchange: Exchange, judgeable: boolean): void {
    counts.exchanges++;
    const pathname = new URL(exchange.url).pathname.slice(basePath.length) || "/";
    const match = options.judge.route(exchange.method, pathname);
    if (!match) counts.unknownRoutes++;
    else if (!judgeable) counts.unjudged++;
    else {
      const contentType = (exchange.responseHeaders["content-type"] as string | undefined) ?? null;
      const verdict = options.judge.checkResponse(
        match.operation.operationId,
        exchange.status,
        contentType,
        parseBody(contentType, exchange.responseBody.toString("utf8")),
      );
      if (verdict.violations.length > 0) {
        const id = match.operation.operationId;
        counts.broken[id] = (counts.broken[id] ?? 0) + 1;
        counts.violations += verdict.violations.length;
        options.onViolation?.(options.judge.describe(verdict));
      }
    }
    pending.push(redactor.redact(toEntry(exchange, match?.operation.operationId)) as RecordedEntry);
    scheduleFlush();
  }

  const server = createServer((req: IncomingMessage, res) => {
    inFlight++;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      finished();
    };
    const startedAt = new Date();
    const t0 = performance.now();
    const target = new URL(`${basePath}${req.url ?? "/"}`, upstream);
    const requestBody = new KeptBody();
    const headers = forwardable(req.headers);
    headers.host = upstream.host;
    let answered = false;

    const outgoing = send(target, { method: req.method, headers, agent }, (answer) => {
      answered = true;
      const waitMs = performance.now() - t0;
      // The upstream may answer before it has read the body (413, 401): the rest of the body is drained.
      req.unpipe(outgoing);
      req.resume();
      if (res.destroyed) {
        answer.resume();
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
      const responseBody = new KeptBody();
      answer.on("data", (chunk: Buffer) => responseBody.add(chunk));
      answer.pipe(res);
      answer.once("error", () => res.destroy());
      answer.once("aborted", () => res.destroy());
      res.once("finish", () => {
        const totalMs = performance.now() - t0;
        const encoding = answer.headers["content-encoding"] as string | undefined;
        const cut = requestBody.cut || responseBody.cut;
        const body = cut ? responseBody.buffer() : decode(responseBody.buffer(), encoding);
        const contentType = String(answer.headers["content-type"] ?? "");
        const deep = /json/i.test(contentType) && !jsonDepthAtMost(body.toString("utf8"), MAX_JSON_DEPTH);
        const exchange: Exchange = {
          startedAt,
          method: req.method ?? "GET",
          url: target.toString(),
          httpVersion: req.httpVersion,
          requestHeaders: req.headers,
          requestBody: requestBody.buffer(),
          requestSize: requestBody.size,
          status: answer.statusCode ?? 0,
          statusText: answer.statusMessage ?? "",
          responseHeaders: answer.headers,
          responseBody: body,
          responseSize: responseBody.size,
          waitMs,
          totalMs,
        };
        setImmediate(() => {
          try {
            keep(exchange, !cut && !deep);
          } finally {
            settle();
          }
        });
      });
    });
    outgoing.setTimeout(timeoutMs, () =>
      outgoing.destroy(new UpstreamTimeout(`no answer in ${timeoutMs} ms`)),
    );
    outgoing.on("error", (error) => {
      req.unpipe(outgoing);
      req.resume();
      if (answered) {
        // After the answer began (an early answer, then a reset while the body was still coming): the answer's
        // own events settle the exchange; a connection the upstream dropped mid-answer ends the client's too.
        if (!res.writableFinished) res.destroy();
        return;
      }
      if (res.destroyed || res.headersSent) {
        res.destroy();
        settle();
        return;
      }
      const timedOut = error instanceof UpstreamTimeout;
      if (timedOut) counts.timedOut++;
      else counts.unreachable++;
      const reason = timedOut ? error.message : errorCode(error);
      warn(
        timedOut ? "timeout" : `unreachable ${reason}`,
        `warning: upstream ${upstream.origin} ${timedOut ? "did not answer" : "unreachable"}: ${reason} (answered ${timedOut ? 504 : 502}; counted)`,
      );
      res.writeHead(timedOut ? 504 : 502, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          message: `record proxy: upstream ${timedOut ? "timed out" : "unreachable"}: ${reason}`,
        }),
      );
      settle();
    });
    // A client that goes away before its answer is complete: the upstream request is dropped, nothing recorded.
    res.once("close", () => {
      if (res.writableFinished) return;
      counts.aborted++;
      outgoing.destroy();
      settle();
    });
    req.on("data", (chunk: Buffer) => requestBody.add(chunk));
    req.pipe(outgoing);
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  let stopping: Promise<RecordSummary> | undefined;
  const summary = (): RecordSummary => ({ file, ...counts, broken: { ...counts.broken } });
  return {
    url: `http://127.0.0.1:${port}`,
    file,
    summary,
    stop() {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (inFlight > 0) {
          // Requests in flight get as long as the upstream timeout to finish; then they are cut.
          await new Promise<void>((resolve) => {
            idle = resolve;
            setTimeout(resolve, timeoutMs + 1_000).unref();
          });
        }
        server.closeAllConnections();
        agent.destroy();
        await closed;
        flush();
        writer.close();
        return summary();
      })();
      return stopping;
    },
  };
}
