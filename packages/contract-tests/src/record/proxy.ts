// The record proxy: a local HTTP server that forwards every request to the upstream API, streams the
// answer back as it comes, and afterwards (off the request's path) judges the exchange against the spec,
// redacts it and adds it to a HAR 1.2 log in the output directory.
import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { parseBody } from "../body.js";
import { describeVerdict, type Judge } from "../judge.js";
import { type Exchange, ensureDir, HarWriter, type RecordedEntry, toEntry } from "./har.js";
import { Redactor } from "./redact.js";

export interface RecordProxyOptions {
  /** The API every request goes to, e.g. `https://api.example.com` (a base path is kept). */
  upstream: string;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Where the HAR log goes (created if missing). */
  outDir: string;
  judge: Judge;
  /** Called with each violation as it is found (one or more lines). */
  onViolation?: (text: string) => void;
}

export interface RecordSummary {
  /** The HAR file written. */
  file: string;
  exchanges: number;
  /** Exchanges whose route is not an operation of the spec (recorded, not judged). */
  unknownRoutes: number;
  /** Exchanges that broke the contract, per operationId. */
  broken: Record<string, number>;
  violations: number;
}

export interface RecordProxy {
  url: string;
  file: string;
  /** What has been recorded so far. */
  summary(): RecordSummary;
  /** Stops accepting requests, lets the ones in flight finish, writes the log. */
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

export async function startRecordProxy(options: RecordProxyOptions): Promise<RecordProxy> {
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, "");
  const secure = upstream.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const redactor = new Redactor();
  let pending: RecordedEntry[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  ensureDir(options.outDir);
  const file = join(options.outDir, `recording-${stamp}.har`);
  const counts: Omit<RecordSummary, "file"> = { exchanges: 0, unknownRoutes: 0, broken: {}, violations: 0 };
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

  /** Judges, redacts and keeps one exchange; runs after the answer has been sent. */
  function keep(exchange: Exchange): void {
    counts.exchanges++;
    const pathname = new URL(exchange.url).pathname.slice(basePath.length) || "/";
    const match = options.judge.route(exchange.method, pathname);
    if (!match) counts.unknownRoutes++;
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
        options.onViolation?.(describeVerdict(verdict));
      }
    }
    pending.push(redactor.redact(toEntry(exchange, match?.operation.operationId)));
    scheduleFlush();
  }

  const server = createServer((req, res) => {
    inFlight++;
    const startedAt = new Date();
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const requestBody = Buffer.concat(chunks);
      const target = new URL(`${basePath}${req.url ?? "/"}`, upstream);
      const headers = forwardable(req.headers);
      headers.host = upstream.host;
      if (requestBody.length > 0 || headers["content-length"] !== undefined) {
        headers["content-length"] = String(requestBody.length);
      }
      const outgoing = send(target, { method: req.method, headers, agent }, (answer) => {
        const waitMs = performance.now() - t0;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
        const parts: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => {
          parts.push(chunk);
          res.write(chunk);
        });
        answer.on("end", () => {
          res.end();
          const totalMs = performance.now() - t0;
          const exchange: Exchange = {
            startedAt,
            method: req.method ?? "GET",
            url: new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`).toString(),
            httpVersion: req.httpVersion,
            requestHeaders: req.headers,
            requestBody,
            status: answer.statusCode ?? 0,
            statusText: answer.statusMessage ?? "",
            responseHeaders: answer.headers,
            responseBody: decode(
              Buffer.concat(parts),
              answer.headers["content-encoding"] as string | undefined,
            ),
            waitMs,
            totalMs,
          };
          setImmediate(() => {
            try {
              keep(exchange);
            } finally {
              finished();
            }
          });
        });
        answer.on("error", () => {
          res.destroy();
          finished();
        });
      });
      outgoing.on("error", (error) => {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: `record proxy: upstream unreachable: ${error.message}` }));
        finished();
      });
      outgoing.end(requestBody);
    });
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
        if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
        server.closeAllConnections();
        await closed;
        agent.destroy();
        flush();
        writer.close();
        return summary();
      })();
      return stopping;
    },
  };
}
