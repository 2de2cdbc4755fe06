// Pages on other origins over HTTP: the docs server's origin, the sandbox's own and those given with
// allowOrigins get CORS; any other (`null` included) gets none, and its control calls a 403 that changes nothing.
import { describe, expect, it } from "vitest";
import { rawRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox({ allowOrigins: ["http://localhost:3000"] });
const TASK = `/cloud/v1/tasks/${F.runningTaskIds[0]}`;
const KEY = { authorization: `apikey ${F.apiKey}` };
const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  rawRequest(ctx.sandbox.url, method, path, headers, body);
const faultCount = async () =>
  (JSON.parse((await call("GET", "/__sandbox/faults", KEY)).text) as { count: number }).count;

describe("the sandbox for a page on another origin", () => {
  it.each(["http://127.0.0.1:8080", "http://localhost:8080", "http://localhost:3000"])(
    "answers the preflight of %s with 204, its origin and the headers it asked for",
    async (origin) => {
      const res = await call("OPTIONS", TASK, {
        origin,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      });
      expect(res.status).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
      expect(res.headers["access-control-allow-headers"]).toBe("authorization");
      expect(res.headers["access-control-allow-methods"]).toContain("PATCH");
    },
  );

  it("lets an allowed page read the answer and its headers, and journals the call (not the preflight)", async () => {
    await call("POST", "/__sandbox/reset", KEY);
    const res = await call("GET", TASK, { ...KEY, origin: "http://127.0.0.1:8080" });
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:8080");
    expect(res.headers["access-control-expose-headers"]).toBe("*");
    const journal = JSON.parse((await call("GET", "/__sandbox/journal?after=0", KEY)).text) as {
      entries: { method: string; path: string }[];
    };
    expect(journal.entries.map((e) => `${e.method} ${e.path}`)).toEqual([`GET ${TASK}`]);
  });

  it("treats a page on the sandbox's own origin (the console) as allowed", async () => {
    const host = new URL(ctx.sandbox.url).host;
    const res = await call(
      "POST",
      "/__sandbox/clock",
      { ...KEY, origin: `http://${host}`, "content-type": "application/json" },
      '{"mode":"real"}',
    );
    expect(res.status).toBe(200);
  });

  it.each([
    "null",
    "http://127.0.0.1:9",
    "http://localhost:8081",
    "https://127.0.0.1:8080",
    "http://evil.example",
  ])(
    "refuses a control call from %s with a 403 in the control API's shape, before it changes anything",
    async (origin) => {
      await call(
        "POST",
        "/__sandbox/faults",
        { ...KEY, "content-type": "application/json" },
        '{"kind":"status","status":503,"times":5}',
      );
      const before = await faultCount();
      for (const [method, path] of [
        ["POST", "/__sandbox/reset"],
        ["DELETE", "/__sandbox/faults"],
        ["GET", "/__sandbox/journal?after=0"],
        ["GET", "/__sandbox/"],
      ] as const) {
        const res = await call(method, path, { ...KEY, origin });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.headers["access-control-allow-origin"]).toBeUndefined();
        expect(JSON.parse(res.text)).toMatchObject({
          exception_class: "CrossOriginRefused",
          request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
          message: expect.stringContaining(origin),
        });
      }
      const preflight = await call("OPTIONS", "/__sandbox/reset", {
        origin,
        "access-control-request-method": "POST",
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(await faultCount()).toBe(before);
      await call("DELETE", "/__sandbox/faults", KEY);
    },
  );

  it("serves an API call from another origin without CORS, so that the page cannot read it", async () => {
    const res = await call("GET", TASK, { ...KEY, origin: "http://127.0.0.1:9" });
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await call("OPTIONS", TASK, {
      origin: "null",
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization",
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("adds nothing to a call without an Origin, and leaves a plain OPTIONS to the API (204 with Allow)", async () => {
    const plain = await call("GET", TASK, KEY);
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    const options = await call("OPTIONS", TASK, {});
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, OPTIONS");
  });
});
