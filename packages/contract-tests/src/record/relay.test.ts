// The record proxy's relay at the byte level, over real sockets: answers reach the client exactly as the
// upstream sent them; chunked uploads, HEAD, 100-continue, pipelined requests and answers that end with
// their connection keep their framing;
// the upstream's base path and Host replace the client's; malformed requests and protocol upgrades get
// an answer of the proxy's own; an upstream closing a kept-alive connection costs the client nothing;
// a client leaving mid-upload and an upstream dropping mid-answer end only that one connection. HTTPS upstreams are checked
// through the bin: a certificate the process trusts is recorded, an untrusted one is a 502 naming why.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import {
  type AddressInfo,
  connect,
  createServer as createNetServer,
  type Server as NetServer,
} from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Har } from "har-format";
import { generate } from "selfsigned";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import { cleanEnv, printed, startBin } from "../test-support/bin.js";
import { type RecordProxy, startRecordProxy } from "./proxy.js";

/** What the upstream saw of each request. */
interface Seen {
  method: string;
  url: string;
  host: string;
  body: string;
}

let work: string;
let seen: Seen[] = [];
let proxy: RecordProxy | undefined;
const judge = createJudge();

/** An upstream that answers from the path; sendDate off so that its bytes are the same every time. */
function handler(req: IncomingMessage, res: import("node:http").ServerResponse) {
  const parts: Buffer[] = [];
  req.on("data", (chunk: Buffer) => parts.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(parts).toString();
    seen.push({ method: req.method ?? "", url: req.url ?? "", host: req.headers.host ?? "", body });
    res.sendDate = false;
    const path = (req.url ?? "").split("?")[0];
    if (path?.endsWith("/drop")) {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 50);
      return;
    }
    if (path?.endsWith("/chunked")) {
      res.setHeader("X-Mixed-Case", "Kept");
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"a":');
      res.end('"b"}');
      return;
    }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ echo: body.length, method: req.method }));
  });
}

function listen(server: NetServer): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/**
 * Sends raw bytes to `host:port` (a number among the writes waits that many ms; 20 ms pass after each
 * write), returns everything that comes back until the server closes.
 */
function raw(address: string, ...writes: (string | number)[]): Promise<string> {
  const [host, port] = address.split(":");
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host as string);
    const parts: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => parts.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(parts).toString()));
    (async () => {
      for (const step of writes) {
        if (typeof step === "number") await pause(step);
        else {
          socket.write(step);
          await pause(20);
        }
      }
    })();
  });
}

const entriesOf = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as Har).log.entries;

let upstream: Server;
let upstreamAddress: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "relay-"));
  upstream = createServer(handler);
  upstream.keepAliveTimeout = 200;
  upstreamAddress = await listen(upstream);
});

afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
  seen = [];
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

/** Starts the proxy in front of `upstreamAddress` (or another) with a base path; returns its host:port. */
async function startProxy(base = "", address = upstreamAddress) {
  proxy = await startRecordProxy({
    upstream: `http://${address}${base}`,
    outDir: mkdtempSync(join(work, "out-")),
    judge,
  });
  return proxy.url.replace("http://", "");
}

describe("the relay keeps HTTP/1.1 framing", () => {
  it("answers byte for byte as the upstream sent them, chunked and with its header case", async () => {
    const request = "GET /x/chunked HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n";
    const direct = await raw(upstreamAddress, request);
    const address = await startProxy();
    const relayed = await raw(address, request);
    expect(direct).toContain("Transfer-Encoding: chunked");
    expect(direct).toContain("X-Mixed-Case: Kept");
    expect(relayed).toBe(direct);
    const summary = await (proxy as RecordProxy).stop();
    const [entry] = entriesOf(summary.file);
    expect(entry?.response.content.text).toBe('{"a":"b"}');
  });

  it("a chunked upload arrives whole and is recorded without its chunk framing", async () => {
    const address = await startProxy();
    const reply = await raw(
      address,
      "POST /up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n",
      '5\r\n{"a":\r\n',
      '4\r\n"bc"\r\n',
      "1\r\n}\r\n0\r\n\r\n",
    );
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(seen.map((s) => s.body)).toEqual(['{"a":"bc"}']);
    const summary = await (proxy as RecordProxy).stop();
    expect(entriesOf(summary.file)[0]?.request.postData?.text).toBe('{"a":"bc"}');
  });

  it("HEAD, 100-continue and pipelined requests: each answer in order, the connection still usable", async () => {
    const address = await startProxy();
    const reply = await raw(
      address,
      "HEAD /h HTTP/1.1\r\nHost: h\r\n\r\nGET /one HTTP/1.1\r\nHost: h\r\n\r\n",
      "POST /two HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n",
      "abc",
      "GET /three HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
    );
    const statuses = [...reply.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    expect(statuses).toEqual(["200", "200", "100", "200", "200"]);
    expect(reply).toContain('{"echo":3,"method":"POST"}');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "HEAD /h",
      "GET /one",
      "POST /two",
      "GET /three",
    ]);
    const summary = await (proxy as RecordProxy).stop();
    const entries = entriesOf(summary.file);
    expect(entries.map((e) => `${e.request.method} ${e.response.status}`)).toEqual([
      "HEAD 200",
      "GET 200",
      "POST 200",
      "GET 200",
    ]);
    expect(summary.exchanges).toBe(4);
  });

  it("an answer that ends with the upstream's connection (no length) ends the client's too", async () => {
    const closing = createNetServer((socket) => {
      socket.once("data", () =>
        socket.end("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end"),
      );
    });
    const address = await startProxy("", await listen(closing));
    // `raw` resolves once the proxy closes the client's connection: at the answer's end, not when the idle
    // client is let go (5 s later).
    const sent = Date.now();
    const reply = await raw(address, "GET /stream HTTP/1.1\r\nHost: h\r\n\r\n");
    expect(reply).toMatch(/\r\n\r\nuntil the end$/);
    // The claim itself: before the idle client's 5 s (CONTRIBUTING lists this comparison as an exception).
    expect(Date.now() - sent).toBeLessThan(5_000);
    const summary = await (proxy as RecordProxy).stop();
    proxy = undefined;
    expect(entriesOf(summary.file)[0]?.response.content.text).toBe("until the end");
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  });

  it("puts the upstream's base path before the path and sends the upstream's Host", async () => {
    const address = await startProxy("/base/v2");
    await raw(address, "GET /cloud/x?limit=1 HTTP/1.1\r\nHost: proxy.local\r\nConnection: close\r\n\r\n");
    expect(seen).toEqual([
      { method: "GET", url: "/base/v2/cloud/x?limit=1", host: upstreamAddress, body: "" },
    ]);
    const summary = await (proxy as RecordProxy).stop();
    expect(entriesOf(summary.file)[0]?.request.url).toBe(`http://${upstreamAddress}/base/v2/cloud/x?limit=1`);
  });
});

describe("what the relay answers itself, and what it survives", () => {
  it("a malformed request gets a 400 and a protocol upgrade a 501; the proxy goes on", async () => {
    const address = await startProxy();
    const bad = await raw(address, "NOT HTTP AT ALL\r\n\r\n");
    expect(bad).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bad).toContain('{"message":"malformed request: ');
    const upgrade = await raw(
      address,
      "GET /ws HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
    expect(seen).toEqual([]);
    expect((await fetch(`http://${address}/after`)).status).toBe(200);
  });

  it("an upstream closing a kept-alive connection: the client's next request on its own connection works", async () => {
    const address = await startProxy();
    // The upstream closes idle connections after 200 ms; the client's connection to the proxy stays.
    const reply = await raw(
      address,
      "GET /a HTTP/1.1\r\nHost: h\r\n\r\n",
      500,
      "GET /b HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
    );
    expect([...reply.matchAll(/HTTP\/1\.1 200 OK/g)]).toHaveLength(2);
    expect(seen.map((s) => s.url)).toEqual(["/a", "/b"]);
    const summary = await (proxy as RecordProxy).stop();
    expect(summary.exchanges).toBe(2);
  });

  it("a client going away mid-upload: counted, not recorded, the upstream's connection closed", async () => {
    const address = await startProxy();
    const [host, port] = address.split(":");
    const socket = connect(Number(port), host as string);
    socket.write("POST /big HTTP/1.1\r\nHost: h\r\nContent-Length: 1000000\r\n\r\n");
    socket.write(Buffer.alloc(10_000, 97));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`http://${address}/after`)).status).toBe(200);
    const summary = await (proxy as RecordProxy).stop();
    expect(summary).toMatchObject({ exchanges: 1, aborted: 1 });
    // The upstream never got a whole request: only the later one reached its handler.
    expect(seen.map((s) => s.url)).toEqual(["/after"]);
  });

  it("an upstream dropping mid-answer ends that client's connection, counted, not recorded", async () => {
    const address = await startProxy();
    const reply = await raw(address, "GET /drop HTTP/1.1\r\nHost: h\r\n\r\n");
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\{"partial":$/);
    expect((await fetch(`http://${address}/after`)).status).toBe(200);
    const summary = await (proxy as RecordProxy).stop();
    expect(summary).toMatchObject({ exchanges: 1, aborted: 1 });
    expect(entriesOf(summary.file).map((e) => new URL(e.request.url).pathname)).toEqual(["/after"]);
  });
});

describe("an HTTPS upstream, through the bin", () => {
  let secure: Server;
  let certFile: string;
  let secureUrl: string;

  beforeAll(async () => {
    const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
      keySize: 2048,
      extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
    });
    certFile = join(work, "upstream-cert.pem");
    writeFileSync(certFile, pems.cert);
    secure = createHttpsServer({ key: pems.private, cert: pems.cert }, handler);
    secureUrl = `https://${await listen(secure)}`;
  });

  afterAll(async () => {
    secure.closeAllConnections();
    await new Promise<void>((resolve) => secure.close(() => resolve()));
  });

  async function record(env: NodeJS.ProcessEnv) {
    const out = mkdtempSync(join(work, "tls-"));
    const bin = startBin(["record", "--upstream", secureUrl, "--out", out], { env });
    const [, url = ""] = await printed(bin, /recording (http:\/\/127\.0\.0\.1:\d+)/);
    const answer = await fetch(`${url}/over/tls`, { method: "POST", body: "12345" });
    const text = await answer.text();
    bin.child.kill("SIGINT");
    const run = await bin.finished;
    return { status: answer.status, text, run };
  }

  it("a certificate the process trusts: relayed over TLS and recorded with the https URL", async () => {
    const { status, text, run } = await record(cleanEnv({ NODE_EXTRA_CA_CERTS: certFile }));
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ echo: 5, method: "POST" });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const file = /recorded 1 exchanges to (\S+\.har)/.exec(run.stdout)?.[1] as string;
    expect(entriesOf(file)[0]?.request.url).toBe(`${secureUrl}/over/tls`);
  });

  it("a certificate it does not trust: 502 naming the reason, nothing sent", async () => {
    const { status, text, run } = await record(cleanEnv());
    expect(status).toBe(502);
    expect(text).toContain("DEPTH_ZERO_SELF_SIGNED_CERT");
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(
      /warning: upstream https:\/\/127\.0\.0\.1:\d+ unreachable: DEPTH_ZERO_SELF_SIGNED_CERT/,
    );
    expect(seen).toEqual([]);
  });
});
