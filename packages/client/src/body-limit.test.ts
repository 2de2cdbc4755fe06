// maxResponseBytes against servers that never stop: a 2 GiB body from a server in a child process (so that
// this process's memory holds only what the client keeps), and small limits against a server in this one.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseTooLargeError } from "./answer-errors.js";
import { DEFAULT_MAX_RESPONSE_BYTES, resolveMaxResponseBytes } from "./body-limit.js";
import { createCloudClient } from "./create-client.js";
import { startServer, type TestServer } from "./test-support/server.js";

const MiB = 1024 ** 2;
const LIMIT = DEFAULT_MAX_RESPONSE_BYTES;

interface Ended {
  url: string;
  written: number;
  finished: boolean;
}

let child: ChildProcess;
let endlessUrl: string;
const ended: Ended[] = [];
const endedWaiters: ((line: Ended) => void)[] = [];

beforeAll(async () => {
  const script = fileURLToPath(new URL("./test-support/endless-body-server.mjs", import.meta.url));
  child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  endlessUrl = await new Promise<string>((resolve) => {
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { port?: number } & Ended;
      if (message.port) return resolve(`http://127.0.0.1:${message.port}`);
      ended.push(message);
      endedWaiters.shift()?.(message);
    });
  });
});
afterAll(() => {
  child.stdin?.end();
});

/** The server's report of the answer to `url`, once the client let go of it. */
function endOf(url: string): Promise<Ended> {
  const seen = ended.find((line) => line.url === url);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve) => {
    const wait = (line: Ended) => (line.url === url ? resolve(line) : endedWaiters.push(wait));
    endedWaiters.push(wait);
  });
}

/** Runs `call` while sampling this process's RSS every few ms; the largest growth over the start. */
async function peakGrowth<T>(call: () => Promise<T>): Promise<{ outcome: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const outcome = await call();
    return { outcome, growth: Math.max(peak, process.memoryUsage.rss()) - start };
  } finally {
    clearInterval(sampler);
  }
}

const getTask = (client: ReturnType<typeof createCloudClient>, task_id: string, init: object = {}) =>
  client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id } }, ...init });

describe("a 2 GiB answer from a server in another process", () => {
  it("ends in ResponseTooLargeError at the default 64 MiB, with RSS growth under twice that, and the connection let go", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: endlessUrl, retry: false });
    const started = performance.now();
    const { outcome, growth } = await peakGrowth(() =>
      getTask(client, "chunked").catch((error: unknown) => error),
    );
    const elapsed = performance.now() - started;
    expect(outcome).toBeInstanceOf(ResponseTooLargeError);
    expect(outcome).toMatchObject({
      name: "ResponseTooLargeError",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      operationId: "getTask",
      status: 200,
      maxResponseBytes: LIMIT,
      declaredBytes: undefined,
    });
    const error = outcome as ResponseTooLargeError;
    // The read stopped with the chunk that passed the limit.
    expect(error.receivedBytes).toBeGreaterThan(LIMIT);
    expect(error.receivedBytes).toBeLessThanOrEqual(LIMIT + MiB);
    expect(error.message).toMatch(
      /^GET \/cloud\/v1\/tasks\/\{task_id\} \(getTask\): the answer \(status 200, over \d+ bytes\) exceeds maxResponseBytes 67108864 after \d+ ms$/,
    );
    expect(growth).toBeLessThan(2 * LIMIT);
    // The server saw the connection close long before its 2 GiB were out: what it wrote is the limit plus
    // what the sockets' buffers held.
    const end = await endOf("/cloud/v1/tasks/chunked");
    expect(end.finished).toBe(false);
    expect(end.written).toBeLessThan(LIMIT + 64 * MiB);
    expect(error.elapsedMs).toBeLessThanOrEqual(elapsed);
    console.info(
      `2 GiB chunked: ResponseTooLargeError after ${Math.round(elapsed)} ms, RSS growth ${(growth / MiB).toFixed(1)} MiB, server wrote ${(end.written / MiB).toFixed(1)} MiB`,
    );
  });

  it("refuses a declared length over the limit at the headers, before reading any of the body", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: `${endlessUrl}/declared`, retry: false });
    const started = performance.now();
    const error = await getTask(client, "declared").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ receivedBytes: 0, declaredBytes: 2 * 1024 ** 3, status: 200 });
    const end = await endOf("/declared/cloud/v1/tasks/declared");
    expect(end.finished).toBe(false);
    expect(end.written).toBeLessThan(64 * MiB);
    console.info(`2 GiB declared: ResponseTooLargeError after ${Math.round(performance.now() - started)} ms`);
  });
});

describe("maxResponseBytes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const body = JSON.stringify({ id: "t", padding: "x".repeat(10_000) });
      const [, , , , id] = req.url.split("/");
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (id === "sized") headers["content-length"] = String(Buffer.byteLength(body));
      res.writeHead(req.url.endsWith("error") ? 500 : 200, headers);
      // Chunked answers come in small pieces, so that the count passes the limit within the body.
      for (let i = 0; i < body.length; i += 1000) res.write(body.slice(i, i + 1000));
      res.end();
    });
  });
  afterAll(() => server.close());

  it.each([
    ["chunked", "per client", { maxResponseBytes: 4096 }, {}],
    ["sized", "per client", { maxResponseBytes: 4096 }, {}],
    ["chunked", "per call", {}, { maxResponseBytes: 4096 }],
    ["sized", "per call, over the client's", { maxResponseBytes: 100 * MiB }, { maxResponseBytes: 4096 }],
  ])("bounds a %s body %s", async (id, _, clientOptions, callOptions) => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, retry: false, ...clientOptions });
    const error = await getTask(client, id, callOptions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: 4096, operationId: "getTask" });
  });

  it("bounds an error body too, which openapi-fetch reads as text", async () => {
    const client = createCloudClient({
      apiKey: "k",
      baseUrl: server.url,
      retry: false,
      maxResponseBytes: 4096,
    });
    const error = await getTask(client, "error").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ResponseTooLargeError", status: 500 });
  });

  it("bounds the answer of a custom fetch, whose Content-Length is not trusted", async () => {
    const lying = async () =>
      new Response(JSON.stringify({ id: "t", padding: "x".repeat(10_000) }), {
        headers: { "content-type": "application/json", "content-length": "10" },
      });
    const client = createCloudClient({ apiKey: "k", fetch: lying, maxResponseBytes: 4096 });
    await expect(getTask(client, "t")).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("reads bodies within the limit as usual, and none is limited with 0", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, maxResponseBytes: 20_000 });
    expect((await getTask(client, "chunked")).data).toMatchObject({ id: "t" });
    expect((await getTask(client, "sized", { maxResponseBytes: 0 })).data).toMatchObject({ id: "t" });
  });

  it("rejects nonsense, and defaults to 64 MiB", () => {
    expect(resolveMaxResponseBytes(undefined)).toBe(64 * MiB);
    expect(resolveMaxResponseBytes(Number.POSITIVE_INFINITY)).toBe(0);
    expect(() => createCloudClient({ apiKey: "k", maxResponseBytes: -1 })).toThrow(/maxResponseBytes/);
    expect(() => createCloudClient({ apiKey: "k", maxResponseBytes: Number.NaN })).toThrow(
      /maxResponseBytes/,
    );
  });
});
