// The sandbox over HTTP for a page on another origin (the docs page's Try it from file://, whose origin is
// "null"): the preflight answered by the sandbox itself, the answer readable, the call journaled once.
import { describe, expect, it } from "vitest";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox();
const TASK = `/cloud/v1/tasks/${F.runningTaskIds[0]}`;

describe("the sandbox for a page on another origin", () => {
  it("answers the browser's preflight with 204 and the origin, methods and headers the page asked for", async () => {
    const res = await fetch(`${ctx.sandbox.url}${TASK}`, {
      method: "OPTIONS",
      headers: {
        Origin: "null",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("null");
    expect(res.headers.get("access-control-allow-headers")).toBe("authorization");
    expect(res.headers.get("access-control-allow-methods")).toContain("PATCH");
  });

  it("lets the page read the answer and its headers, and journals the call (not the preflight)", async () => {
    const res = await fetch(`${ctx.sandbox.url}${TASK}`, {
      headers: { Origin: "https://docs.example", Authorization: `apikey ${F.apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://docs.example");
    expect(res.headers.get("access-control-expose-headers")).toBe("*");
    const journal = await fetch(`${ctx.sandbox.url}/__sandbox/journal?after=0`, {
      headers: { Authorization: `apikey ${F.apiKey}` },
    }).then((r) => r.json() as Promise<{ entries: { method: string; path: string }[] }>);
    expect(journal.entries.map((e) => `${e.method} ${e.path}`)).toEqual([`GET ${TASK}`]);
  });

  it("adds nothing to a call without an Origin, and leaves a plain OPTIONS to the API (204 with Allow)", async () => {
    const plain = await fetch(`${ctx.sandbox.url}${TASK}`, {
      headers: { Authorization: `apikey ${F.apiKey}` },
    });
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    const options = await fetch(`${ctx.sandbox.url}${TASK}`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
