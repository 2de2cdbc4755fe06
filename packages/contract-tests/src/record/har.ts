// HAR 1.2 (the HTTP Archive format other tools read): building entries from exchanges, writing a log
// that grows one entry at a time.
import { closeSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import type { Entry, Har, Header } from "har-format";

export type { Entry, Har };

/** Custom HAR field (HAR allows names starting with `_`): the operation the exchange answered. */
export interface RecordedEntry extends Entry {
  _operationId?: string;
}

/** One request and its answer, as the proxy saw them. */
export interface Exchange {
  startedAt: Date;
  method: string;
  url: string;
  httpVersion: string;
  requestHeaders: IncomingHttpHeaders;
  /** The request body as kept (at most the recorder's limit) and its whole size in bytes. */
  requestBody: Buffer;
  requestSize?: number;
  status: number;
  statusText: string;
  responseHeaders: IncomingHttpHeaders;
  /** The decoded response body as kept (at most the recorder's limit) and its whole size in bytes. */
  responseBody: Buffer;
  responseSize?: number;
  /** Time to the first byte of the answer and to its end, in ms. */
  waitMs: number;
  totalMs: number;
}

const CREATOR = { name: "@cloud-contract/contract-tests", version: "0.1.0" };

function toHeaders(headers: IncomingHttpHeaders): Header[] {
  const out: Header[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.push({ name, value: one });
  }
  return out;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function toEntry(exchange: Exchange, operationId?: string): RecordedEntry {
  const url = new URL(exchange.url);
  const requestType = headerValue(exchange.requestHeaders, "content-type");
  const responseType = headerValue(exchange.responseHeaders, "content-type") ?? "";
  const entry: RecordedEntry = {
    startedDateTime: exchange.startedAt.toISOString(),
    time: exchange.totalMs,
    request: {
      method: exchange.method,
      url: url.toString(),
      httpVersion: `HTTP/${exchange.httpVersion}`,
      cookies: [],
      headers: toHeaders(exchange.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: exchange.requestSize ?? exchange.requestBody.length,
      ...(exchange.requestBody.length > 0
        ? {
            postData: {
              mimeType: requestType ?? "application/octet-stream",
              text: exchange.requestBody.toString("utf8"),
            },
          }
        : {}),
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: `HTTP/${exchange.httpVersion}`,
      cookies: [],
      headers: toHeaders(exchange.responseHeaders),
      content: {
        size: exchange.responseSize ?? exchange.responseBody.length,
        mimeType: responseType,
        text: exchange.responseBody.toString("utf8"),
      },
      ...(exchange.responseSize !== undefined && exchange.responseSize > exchange.responseBody.length
        ? { comment: `body cut at ${exchange.responseBody.length} of ${exchange.responseSize} bytes` }
        : {}),
      redirectURL: headerValue(exchange.responseHeaders, "location") ?? "",
      headersSize: -1,
      bodySize: exchange.responseSize ?? exchange.responseBody.length,
    },
    cache: {},
    timings: { send: 0, wait: exchange.waitMs, receive: Math.max(0, exchange.totalMs - exchange.waitMs) },
  };
  if (operationId !== undefined) entry._operationId = operationId;
  return entry;
}

/**
 * A HAR log that grows one entry at a time without rewriting what is written: each entry goes where the
 * closing `]}}` stood, followed by the closing again, so the file is a whole HAR document after every
 * append (a reader never sees half a log, and a crash loses at most the entry being written).
 */
export class HarWriter {
  private readonly fd: number;
  private position: number;
  private count = 0;
  private static readonly TAIL = Buffer.from("\n]}}\n");

  constructor(readonly file: string) {
    const head = Buffer.from(`{"log":{"version":"1.2","creator":${JSON.stringify(CREATOR)},"entries":[`);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([head, HarWriter.TAIL]));
    renameSync(temporary, file);
    this.fd = openSync(file, "r+");
    this.position = head.length;
  }

  append(entries: readonly Entry[]): void {
    if (entries.length === 0) return;
    const text = entries
      .map((entry) => `${this.count++ === 0 ? "\n" : ",\n"}${JSON.stringify(entry)}`)
      .join("");
    const chunk = Buffer.concat([Buffer.from(text), HarWriter.TAIL]);
    writeSync(this.fd, chunk, 0, chunk.length, this.position);
    this.position += chunk.length - HarWriter.TAIL.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
}
