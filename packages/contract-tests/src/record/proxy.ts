// The record proxy: a local server that relays every connection to the upstream API byte for byte
// (`relay.ts`), and afterwards (off the request's path) judges each exchange against the spec, redacts it
// and adds it to a HAR 1.2 log in the output directory.
//
// What it survives: an upstream that answers before it has read a large request body, clients that go
// away mid-request or mid-answer, JSON too deep to walk (kept and redacted as text, not judged), bodies
// larger than MAX_KEPT_BODY (forwarded whole, kept cut in the HAR, not judged), an upstream that never
// answers (504 after --upstream-timeout) or cannot be reached (502, a warning, counted).
import { rmSync } from "node:fs";
import { isIP, connect as netConnect, createServer as netServer } from "node:net";
import { join } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { jsonDepthAtMost, MAX_JSON_DEPTH, Redactor } from "@cloud-contract/mock/redact";
import { messageOf } from "../error-message.js";
import type { Judge } from "../judge.js";
import { type Exchange, ensureDir, HarWriter, type RecordedEntry, toEntry } from "./har.js";
import { ClientRelay, type RelayEvents, type RelayTarget } from "./relay.js";
import { RememberingJudge } from "./remembering-judge.js";
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from "./upstream-timeout.js";

/** A single-valued header as a string (undefined when absent or repeated). */
const header = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

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
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const redactor = options.redactor ?? new Redactor();
  // The upstream's own credentials (`https://user:pass@…`) are secrets like any other seen.
  redactor.seen.learnUrl(options.upstream);
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

  const judge = new RememberingJudge(options.judge, basePath);

  /** Judges (when the body is whole and not too deep), redacts and keeps one exchange as it was answered. */
  function keep(answered: Exchange, cut: boolean): void {
    const contentType = header(answered.responseHeaders["content-type"]) ?? null;
    const encoding = header(answered.responseHeaders["content-encoding"]);
    const body = cut ? answered.responseBody : decode(answered.responseBody, encoding);
    const text = body.toString("utf8");
    const judgeable = !cut && !(/json/i.test(contentType ?? "") && !jsonDepthAtMost(text, MAX_JSON_DEPTH));
    const exchange = { ...answered, responseBody: body };
    const match = judge.route(exchange.method, exchange.url);
    // Redacted first: the redactor then knows this exchange's credentials before anything is printed.
    pending.push(redactor.redact(toEntry(exchange, match?.operation.operationId)) as RecordedEntry);
    counts.exchanges++;
    if (!match) counts.unknownRoutes++;
    else if (!judgeable) counts.unjudged++;
    else {
      const verdict = judge.verdict(match.operation.operationId, exchange.status, contentType, text);
      if (verdict.violations.length > 0) {
        const id = match.operation.operationId;
        counts.broken[id] = (counts.broken[id] ?? 0) + 1;
        counts.violations += verdict.violations.length;
        // The violation quotes recorded values: the credentials seen stay off the terminal too.
        options.onViolation?.(redactor.seen.scrub(options.judge.describe(verdict)));
      }
    }
    scheduleFlush();
  }

  // Answered exchanges are decoded, judged and kept off the relay's path, all those of one turn of the event
  // loop at once.
  let toKeep: [Exchange, boolean][] = [];
  const keepAll = () => {
    const batch = toKeep;
    toKeep = [];
    for (const [exchange, cut] of batch) {
      try {
        keep(exchange, cut);
      } catch (error) {
        // An exchange that cannot be recorded is said once and left out; the proxy goes on.
        warn(
          "unrecorded",
          `warning: an exchange could not be recorded: ${redactor.seen.scrub(messageOf(error))}`,
        );
      } finally {
        finished();
      }
    }
  };
  let stopping = false;
  const host = upstream.hostname.replace(/^\[|\]$/g, "");
  const port = Number(upstream.port || (secure ? 443 : 80));
  const target: RelayTarget = {
    connect: () =>
      secure
        ? tlsConnect({ host, port, servername: isIP(host) ? undefined : host, ALPNProtocols: ["http/1.1"] })
        : netConnect({ host, port }),
    origin: upstream.origin,
    basePath,
    host: upstream.host,
    timeoutMs,
    stopping: () => stopping,
  };
  const events: RelayEvents = {
    begun: () => {
      inFlight++;
    },
    answered: (exchange, cut) => {
      toKeep.push([exchange, cut]);
      if (toKeep.length === 1) setImmediate(keepAll);
    },
    unanswered: (kind, reason) => {
      const timedOut = kind === "timeout";
      if (timedOut) counts.timedOut++;
      else counts.unreachable++;
      warn(
        timedOut ? "timeout" : `unreachable ${reason}`,
        `warning: upstream ${upstream.origin} ${timedOut ? "did not answer" : "unreachable"}: ${reason} (answered ${timedOut ? 504 : 502}; counted)`,
      );
      finished();
    },
    abandoned: () => {
      counts.aborted++;
      finished();
    },
  };
  const relays = new Set<ClientRelay>();
  const server = netServer({ allowHalfOpen: true, noDelay: true }, (socket) => {
    const relay = new ClientRelay(socket, target, events);
    relays.add(relay);
    socket.once("close", () => relays.delete(relay));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  }).catch((error: unknown) => {
    // Nothing was recorded: no empty HAR is left behind.
    writer.close();
    rmSync(file, { force: true });
    throw error;
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the record proxy has no TCP address");

  let stopped: Promise<RecordSummary> | undefined;
  const summary = (): RecordSummary => ({ file, ...counts, broken: { ...counts.broken } });
  return {
    url: `http://127.0.0.1:${address.port}`,
    file,
    summary,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const relay of relays) relay.endIfDone();
        if (inFlight > 0) {
          // Requests in flight get as long as the upstream timeout to finish; then they are cut.
          await new Promise<void>((resolve) => {
            idle = resolve;
            setTimeout(resolve, timeoutMs + 1_000).unref();
          });
        }
        for (const relay of relays) relay.destroy();
        await closed;
        flush();
        writer.close();
        return summary();
      })();
      return stopped;
    },
  };
}
