import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HANG_DETECTOR_MS } from "../../../../scripts/hang-detector.mjs";
import { createCloudClient } from "../create-client.js";
import { AbortError, NetworkError, TimeoutError } from "../errors.js";
import { json, startServer, type TestServer, task } from "../test-support/server.js";
import { DEFAULT_TIMEOUT_MS, DeadlineClock, resolveTimeoutMs } from "./timeout.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const [, , , , id, ms] = req.url.split("/");
    const wait = Number(ms ?? 0);
    if (id === "slow-body") {
      // Headers at once, the body only later: the timeout must cover reading the body too.
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"id":"slow-body",');
      setTimeout(() => res.end('"state":"FINISHED","task_type":"x","user_id":1,"created_on":"x"}'), wait);
      return;
    }
    if (id === "busy") return json(res, 503, { message: "busy" }, { "retry-after": "1" });
    if (wait === 0) return json(res, 200, task(id ?? "", "FINISHED"));
    setTimeout(() => json(res, 200, task(id ?? "", "FINISHED")), wait);
  });
});
afterAll(() => server.close());

/** GET /cloud/v1/tasks/{id}/{ms}: the server answers after `ms` milliseconds. */
const slowGet = (
  client: ReturnType<typeof createCloudClient>,
  id: string,
  ms: number,
  signal?: AbortSignal,
) =>
  // biome-ignore lint/suspicious/noExplicitAny: a test-only path outside the spec
  (client.GET as any)(`/cloud/v1/tasks/{task_id}/${ms}`, { params: { path: { task_id: id } }, signal });

describe("timeoutMs", () => {
  it("throws TimeoutError when the response takes longer", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 100, retry: false });
    const call = slowGet(client, "late", 3000);
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
    await expect(call).rejects.toMatchObject({
      name: "TimeoutError",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}/3000",
      timeoutMs: 100,
      message: expect.stringMatching(/^GET \/cloud\/v1\/tasks\/\{task_id\}\/3000 timed out after \d+ ms$/),
    });
    const { elapsedMs } = (await call.catch((e: unknown) => e)) as TimeoutError;
    // Never early; that it came before the answer at 3 s is what the TimeoutError (not a 200) shows.
    expect(elapsedMs).toBeGreaterThanOrEqual(99);
  });

  it("covers reading the body", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 100 });
    await expect(slowGet(client, "slow-body", 3000)).rejects.toBeInstanceOf(TimeoutError);
  });

  it("is measured afresh for each request, not from the client's creation", async () => {
    // More than timeoutMs passes between the client's creation and its requests; each answer comes at once, so
    // the margin left for a loaded machine is the whole timeout (a clock started with the client fails here).
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 2_000 });
    await delay(2_100);
    for (const id of ["one", "two", "three"]) {
      const { data } = await slowGet(client, id, 0);
      expect(data.id).toBe(id);
    }
  });

  it("applies to a custom fetch (client option or per call) that looks at the request alone", async () => {
    const seen: string[] = [];
    const custom = (label: string) => (request: Request) => {
      seen.push(label);
      return fetch(request);
    };
    const client = createCloudClient({
      apiKey: "k",
      baseUrl: server.url,
      timeoutMs: 80,
      fetch: custom("client"),
    });
    await expect(slowGet(client, "custom-late", 1000)).rejects.toBeInstanceOf(TimeoutError);
    const perCall = (client.GET as (path: string, init: object) => Promise<unknown>)(
      "/cloud/v1/tasks/{task_id}/1000",
      {
        params: { path: { task_id: "per-call-late" } },
        fetch: custom("per call"),
      },
    );
    await expect(perCall).rejects.toBeInstanceOf(TimeoutError);
    expect(seen).toEqual(["client", "per call"]);
  });

  describe("with a custom fetch while garbage is collected every few milliseconds", () => {
    // Node's fetch links the copy of a request to the deadline's signal only through a weak reference
    // (nodejs/undici#4068); a collection during the attempt must not let it outlive its limit.
    let collecting: ReturnType<typeof setInterval>;
    beforeAll(() => {
      setFlagsFromString("--expose-gc");
      collecting = setInterval(runInNewContext("gc") as () => void, 5);
    });
    afterAll(() => clearInterval(collecting));

    const passesOn = (request: Request) => fetch(request);
    const sendsAClone = (request: Request) => fetch(request.clone());
    it.each([
      ["an answer that comes late", "gc-late", passesOn],
      ["a body that trickles", "slow-body", passesOn],
      ["an answer that comes late, to a fetch that sends a clone", "gc-clone-late", sendsAClone],
      ["a body that trickles, to a fetch that sends a clone", "slow-body", sendsAClone],
    ])("%s times out", async (_, id, custom) => {
      const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 100, fetch: custom });
      await expect(slowGet(client, id, 3000)).rejects.toBeInstanceOf(TimeoutError);
    });
  });

  it("can be turned off with 0", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 0 });
    const { data } = await slowGet(client, "patient", 120);
    expect(data.id).toBe("patient");
  });

  it("rejects nonsense", () => {
    expect(() => resolveTimeoutMs(-1)).toThrow(TypeError);
    expect(() => resolveTimeoutMs(Number.NaN)).toThrow(TypeError);
    expect(resolveTimeoutMs(undefined)).toBe(DEFAULT_TIMEOUT_MS);
    expect(resolveTimeoutMs(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("callTimeoutMs", () => {
  it("bounds the whole call, its attempts and the waits between them, client-wide or per call", async () => {
    const retrying = createCloudClient({ apiKey: "k", baseUrl: server.url, callTimeoutMs: 300 });
    const cases = [
      // Each attempt answers at once, but the retries would wait 1 s each (Retry-After: 1).
      () => slowGet(retrying, "busy", 0),
      // One attempt without an attempt limit, answered only after 3 s.
      () =>
        (createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 0 }).GET as CallAny)(
          "/cloud/v1/tasks/{task_id}/3000",
          { params: { path: { task_id: "late" } }, callTimeoutMs: 300 },
        ),
    ];
    for (const call of cases) {
      const started = performance.now();
      const error = await call().catch((e: unknown) => e);
      const ms = performance.now() - started;
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ timeoutMs: 300 });
      expect(ms).toBeGreaterThanOrEqual(299);
    }
    expect(() => createCloudClient({ apiKey: "k", callTimeoutMs: -5 })).toThrow(/callTimeoutMs/);
  });

  it("still lets a caller's own signal cancel the call", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, callTimeoutMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("enough")), 50);
    const error = await slowGet(client, "cancelled", 3000, controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
  });
});

// biome-ignore lint/suspicious/noExplicitAny: a test-only path outside the spec
type CallAny = (path: string, init: any) => Promise<unknown>;

describe("a per-call signal", () => {
  it("cancels the call with an AbortError carrying the caller's reason, not a TimeoutError", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 5_000 });
    const controller = new AbortController();
    const call = slowGet(client, "cancelled", 1000, controller.signal);
    setTimeout(() => controller.abort(), 50);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({
      name: "AbortError",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}/1000",
    });
    expect((error as AbortError).cause).toBeInstanceOf(DOMException);
    expect((error as AbortError).elapsedMs).toBeGreaterThanOrEqual(45);
    expect((error as AbortError).message).toMatch(/ was aborted after \d+ ms$/);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).not.toBeInstanceOf(NetworkError);
  });

  it("works alongside the client's timeout: whichever comes first wins", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 300 });
    const patient = new AbortController();
    await expect(slowGet(client, "timeout-first", 3000, patient.signal)).rejects.toBeInstanceOf(TimeoutError);
    const { data } = await slowGet(client, "neither", 10, patient.signal);
    expect(data.id).toBe("neither");
  });

  it("also cancels a call when there is no client timeout; AbortSignal.timeout gives a TimeoutError", async () => {
    const client = createCloudClient({ apiKey: "k", baseUrl: server.url, timeoutMs: 0 });
    const call = slowGet(client, "no-timeout", 1000, AbortSignal.timeout(50));
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
    await expect(call).rejects.toMatchObject({
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}/1000",
      timeoutMs: undefined,
      message: expect.stringMatching(/timed out after \d+ ms$/),
    });
  });

  it("stops a retry's backoff", async () => {
    const failing = await startServer((_req, res) => json(res, 503, { message: "busy" }));
    try {
      // The signal times out once the wait for the retry has begun (never during the first attempt).
      const controller = new AbortController();
      const client = createCloudClient({
        apiKey: "k",
        baseUrl: failing.url,
        retry: { baseDelayMs: 10_000 },
        logger: (event) => {
          if (event.type === "retry") controller.abort(new DOMException("gave up", "TimeoutError"));
        },
      });
      const call = client.GET("/cloud/v1/tasks/{task_id}", {
        params: { path: { task_id: "x" } },
        signal: controller.signal,
      });
      await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
      expect(failing.requests).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });
});

describe("DeadlineClock", () => {
  // The clock's time and its one timer are faked: each expiry is decided by the time advanced, whatever the load.
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] }));
  afterEach(() => vi.useRealTimers());

  it("expires each deadline timeoutMs after its own start, oldest first", async () => {
    const clock = new DeadlineClock(60);
    const first = clock.start(undefined);
    vi.advanceTimersByTime(30);
    const second = clock.start(undefined);
    vi.advanceTimersByTime(45);
    expect([first.expired, second.expired]).toEqual([true, false]);
    expect((first.signal.reason as DOMException).name).toBe("TimeoutError");
    vi.advanceTimersByTime(45);
    expect([first.expired, second.expired]).toEqual([true, true]);
    expect(clock.size).toBe(0);
  });

  it("never expires a cleared deadline, and keeps the others", async () => {
    const clock = new DeadlineClock(40);
    const [a, b, c] = [clock.start(undefined), clock.start(undefined), clock.start(undefined)];
    b.clear();
    a.clear();
    expect(clock.size).toBe(1);
    vi.advanceTimersByTime(90);
    expect([a.signal.aborted, b.signal.aborted, c.expired]).toEqual([false, false, true]);
    c.clear();
    expect(clock.size).toBe(0);
  });

  it("follows the caller's signal with the caller's reason", () => {
    const clock = new DeadlineClock(1_000);
    const caller = new AbortController();
    const deadline = clock.start(caller.signal);
    caller.abort(new Error("stop"));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.expired).toBe(false);
    expect((deadline.signal.reason as Error).message).toBe("stop");
    expect(clock.size).toBe(0);
    deadline.clear();
  });

  it("starts aborted when the caller's signal already is", () => {
    const clock = new DeadlineClock(1_000);
    const deadline = clock.start(AbortSignal.abort("early"));
    expect(deadline.signal.reason).toBe("early");
    expect(clock.size).toBe(0);
  });

  it("lets go of the caller's signal once cleared", () => {
    const clock = new DeadlineClock(20);
    const caller = new AbortController();
    const deadline = clock.start(caller.signal);
    deadline.clear();
    vi.advanceTimersByTime(50);
    caller.abort();
    expect(deadline.signal.aborted).toBe(false);
  });

  it("does not keep a finished program alive for the length of the timeout", async () => {
    // A child process makes one request with a day's timeout and must exit when it is done: a timer left
    // running would keep it alive past the test's hang detector.
    const bundled = await bundleClient();
    const script = `
      import { createServer } from "node:http";
      import { createCloudClient } from ${JSON.stringify(bundled)};
      const server = createServer((_req, res) => { res.setHeader("connection", "close"); res.end("{}"); });
      server.listen(0, "127.0.0.1", async () => {
        const client = createCloudClient({ apiKey: "k", baseUrl: "http://127.0.0.1:" + server.address().port, timeoutMs: 86400000 });
        await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: "x" } } });
        server.close();
      });`;
    try {
      const { code } = await runNode(script);
      expect(code).toBe(0);
    } finally {
      await rm(dirname(fileURLToPath(bundled)), { recursive: true, force: true });
    }
  });
});

/** The package bundled into one ES module file (the child process cannot import TypeScript). */
async function bundleClient(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "cloud-client-"));
  const outfile = join(dir, "client.mjs");
  await build({
    entryPoints: [fileURLToPath(new URL("../index.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    // Loaded only with validateResponses on, which this program leaves off.
    external: ["@cloud-contract/spec/*"],
    outfile,
    logLevel: "silent",
  });
  return pathToFileURL(outfile).href;
}

/** Runs an ES module in a child Node process; resolves with its exit code. */
function runNode(source: string): Promise<{ code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const kill = setTimeout(() => child.kill("SIGKILL"), HANG_DETECTOR_MS);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(kill);
      resolve({ code });
    });
  });
}
