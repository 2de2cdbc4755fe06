import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "../create-client.js";
import { NetworkError } from "../errors.js";
import { json, type RecordedRequest, startServer, type TestServer, task } from "../test-support/server.js";
import type { CloudClientLogEvent } from "./log.js";
import { backoffDelay, createRetryPolicy, parseRetryAfter } from "./retry.js";

/**
 * A counting server. The path's last segment is a script: `503,502,ok` answers the first request to that
 * path with 503, the second with 502, then 200. `reset` drops the connection; `429:<Retry-After>` sends 429
 * with that header (`~` stands for a comma, which HTTP dates contain).
 */
let server: TestServer;
const seen = new Map<string, number>();
beforeAll(async () => {
  server = await startServer((req: RecordedRequest, res: ServerResponse) => {
    const path = req.url.split("?")[0] ?? "";
    const n = seen.get(`${req.method} ${path}`) ?? 0;
    seen.set(`${req.method} ${path}`, n + 1);
    const script = decodeURIComponent(path.split("/").at(-1) ?? "").split(",");
    const step = script[Math.min(n, script.length - 1)] ?? "ok";
    if (step === "ok")
      return json(res, 200, req.method === "GET" ? task("t", "FINISHED") : { tasks: ["t1"] });
    if (step === "reset") return res.socket?.destroy();
    if (step.startsWith("429:")) {
      return json(res, 429, { message: "Throttled" }, { "retry-after": step.slice(4).replaceAll("~", ",") });
    }
    return json(res, Number(step), { message: `status ${step}` });
  });
});
afterAll(() => server.close());

/** How many requests reached the server for a method and a scripted path. */
const hits = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.url === path).length;

const fast = { baseDelayMs: 1, maxDelayMs: 5 };
const client = (retry: NonNullable<Parameters<typeof createCloudClient>[0]>["retry"] = fast) =>
  createCloudClient({ apiKey: "k", baseUrl: server.url, retry });
let unique = 0;
/** A fresh path for a script, so that counts never mix between tests. */
const scripted = (script: string) => `/cloud/v1/tasks/${++unique}/${encodeURIComponent(script)}`;
const get = (c: ReturnType<typeof client>, path: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
  (c.GET as any)(path) as Promise<{ data?: { id: string }; error?: unknown; response: Response }>;

describe("retries", () => {
  it.each(["503", "502", "504", "429"])("retries a GET after %s and returns the success", async (status) => {
    const path = scripted(`${status},${status},ok`);
    const { data, response } = await get(client(), path);
    expect(response.status).toBe(200);
    expect(data?.id).toBe("t");
    expect(hits("GET", path)).toBe(3);
  });

  it("gives up after maxRetries and returns the last failure unchanged", async () => {
    const path = scripted("503");
    const { error, response } = await get(client({ ...fast, maxRetries: 3 }), path);
    expect(response.status).toBe(503);
    expect(error).toEqual({ message: "status 503" });
    expect(hits("GET", path)).toBe(4);
  });

  it.each(["500", "400", "404", "409"])("does not retry %s", async (status) => {
    const path = scripted(`${status},ok`);
    const { response } = await get(client(), path);
    expect(response.status).toBe(Number(status));
    expect(hits("GET", path)).toBe(1);
  });

  it("retries a connection reset on a GET", async () => {
    const path = scripted("reset,ok");
    const { data } = await get(client(), path);
    expect(data?.id).toBe("t");
    expect(hits("GET", path)).toBe(2);
  });

  it("throws NetworkError when resets outlast the retries", async () => {
    const path = scripted("reset");
    await expect(get(client(), path)).rejects.toBeInstanceOf(NetworkError);
    expect(hits("GET", path)).toBe(3);
  });

  it("retries PUT, DELETE and HEAD, resending the same body", async () => {
    const c = client();
    const put = scripted("503,ok");
    // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
    const { response } = await (c.PUT as any)(put, {
      body: { allowed_address_pairs: [{ ip_address: "10.0.0.1" }] },
    });
    expect(response.status).toBe(200);
    const bodies = server.requests.filter((r) => r.url === put).map((r) => r.body);
    expect(bodies).toEqual(Array(2).fill('{"allowed_address_pairs":[{"ip_address":"10.0.0.1"}]}'));
    for (const method of ["DELETE", "HEAD"] as const) {
      const path = scripted("504,ok");
      // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
      const result = await (c[method] as any)(path);
      expect(result.response.status).toBe(200);
      expect(hits(method, path)).toBe(2);
    }
  });

  it("never retries POST or PATCH after 503, 502 or a connection reset", async () => {
    const c = client({ ...fast, maxRetries: 5 });
    for (const method of ["POST", "PATCH"] as const) {
      for (const script of ["503,ok", "502,ok"]) {
        const path = scripted(script);
        // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
        const { response } = await (c[method] as any)(path, { body: { flavor: "bm2-hf-small" } });
        expect(response.status).not.toBe(200);
        expect(hits(method, path)).toBe(1);
      }
      const reset = scripted("reset,ok");
      // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
      await expect((c[method] as any)(reset, { body: {} })).rejects.toBeInstanceOf(NetworkError);
      expect(hits(method, reset)).toBe(1);
    }
  });

  it("retries POST and PATCH after a 429, which the API documents as not applied, as Retry-After says", async () => {
    const events: CloudClientLogEvent[] = [];
    const c = createCloudClient({
      apiKey: "k",
      baseUrl: server.url,
      retry: fast,
      logger: (e) => events.push(e),
    });
    for (const method of ["POST", "PATCH"] as const) {
      const path = scripted("429:0,ok");
      // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
      const { response } = await (c[method] as any)(path, { body: { flavor: "bm2-hf-small" } });
      expect(response.status).toBe(200);
      expect(hits(method, path)).toBe(2);
    }
    expect(events.filter((e) => e.type === "retry")).toEqual([
      expect.objectContaining({ method: "POST", delayMs: 0, reason: "status 429" }),
      expect.objectContaining({ method: "PATCH", delayMs: 0, reason: "status 429" }),
    ]);
  });

  it("never retries a POST's 429 when 429 is not among the retried statuses", async () => {
    const path = scripted("429:0,ok");
    const c = client({ ...fast, statuses: [503] });
    // biome-ignore lint/suspicious/noExplicitAny: scripted test paths are outside the spec
    const { response } = await (c.POST as any)(path, { body: {} });
    expect(response.status).toBe(429);
    expect(hits("POST", path)).toBe(1);
  });

  it("never creates bare metal servers twice", async () => {
    const failing = await startServer((_req, res) => json(res, 503, { message: "try later" }));
    try {
      const c = createCloudClient({ apiKey: "k", baseUrl: failing.url, retry: { ...fast, maxRetries: 10 } });
      const { response } = await c.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
        params: { path: { project_id: 1, region_id: 1 } },
        body: {
          flavor: "bm2-hf-small",
          image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
          interfaces: [{ type: "external" }],
        },
      });
      expect(response.status).toBe(503);
      expect(failing.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /cloud/v1/bminstances/1/1"]);
    } finally {
      await failing.close();
    }
  });

  it("is off with retry: false", async () => {
    const path = scripted("503,ok");
    const { response } = await get(client(false), path);
    expect(response.status).toBe(503);
    expect(hits("GET", path)).toBe(1);
  });

  it("honours Retry-After in seconds", async () => {
    const path = scripted("429:1,ok");
    const started = performance.now();
    const { response } = await get(client(), path);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits("GET", path)).toBe(2);
  });

  it("honours Retry-After as an HTTP date (one in the past means now)", async () => {
    const path = scripted("429:Wed~ 21 Oct 2015 07:28:00 GMT,ok");
    const events: CloudClientLogEvent[] = [];
    const c = createCloudClient({
      apiKey: "k",
      baseUrl: server.url,
      retry: { baseDelayMs: 5_000 },
      logger: (e) => events.push(e),
    });
    const { response } = await get(c, path);
    expect(response.status).toBe(200);
    expect(events.find((e) => e.type === "retry")).toMatchObject({
      delayMs: 0,
      reason: "status 429",
      retry: 1,
    });
  });

  it("returns the 429 at once when Retry-After asks for more than maxRetryAfterMs", async () => {
    const path = scripted("429:3600,ok");
    const { response } = await get(client(), path);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3600");
    expect(hits("GET", path)).toBe(1);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-21T09:00:00Z");
  it.each([
    { value: "0", expected: 0 },
    { value: "2", expected: 2_000 },
    { value: " 120 ", expected: 120_000 },
    { value: "Sat, 21 Nov 2026 09:00:05 GMT", expected: 5_000 },
    { value: "Sat, 21 Nov 2026 08:59:00 GMT", expected: 0 },
    { value: "-5", expected: undefined },
    { value: "1.5", expected: undefined },
    { value: "soon", expected: undefined },
    { value: "", expected: undefined },
    { value: null, expected: undefined },
  ])("$value → $expected", ({ value, expected }) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("backoffDelay", () => {
  it("doubles per retry, stays within [half, all] of the step and never exceeds the cap", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 100, 10_000, 1))).toEqual([100, 200, 400, 800]);
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, 100, 10_000, 0))).toEqual([50, 100, 200, 400]);
    expect(backoffDelay(20, 100, 3_000, 1)).toBe(3_000);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(2, 100, 10_000);
      expect(d).toBeGreaterThanOrEqual(200);
      expect(d).toBeLessThanOrEqual(400);
    }
  });
});

describe("createRetryPolicy", () => {
  it("retries only the idempotent methods", () => {
    const policy = createRetryPolicy(undefined);
    const unavailable = new Response(null, { status: 503 });
    for (const method of ["GET", "HEAD", "PUT", "DELETE"])
      expect(policy?.delayFor(method, 0, unavailable)).toBeTypeOf("number");
    for (const method of ["POST", "PATCH", "OPTIONS", "TRACE"])
      expect(policy?.delayFor(method, 0, unavailable)).toBeUndefined();
  });

  it("is none with false or maxRetries 0, and checks its numbers", () => {
    expect(createRetryPolicy(false)).toBeUndefined();
    expect(createRetryPolicy({ maxRetries: 0 })).toBeUndefined();
    expect(() => createRetryPolicy({ maxRetries: -1 })).toThrow(TypeError);
    expect(() => createRetryPolicy({ baseDelayMs: Number.NaN })).toThrow(TypeError);
  });

  it("takes its own list of statuses", () => {
    const policy = createRetryPolicy({ statuses: [500] });
    expect(policy?.delayFor("GET", 0, new Response(null, { status: 500 }))).toBeTypeOf("number");
    expect(policy?.delayFor("GET", 0, new Response(null, { status: 503 }))).toBeUndefined();
  });
});
