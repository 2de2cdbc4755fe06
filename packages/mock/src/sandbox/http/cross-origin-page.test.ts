// A web page on another local origin (http://127.0.0.1:OTHER, which Chromium does not stop from calling
// 127.0.0.1) tries to steer the sandbox with the documented key in Debian's Chromium: reset, arm a fault, add an
// override, switch the clock, read the journal. Every attempt fails in the page, and the sandbox's state and
// the developer's next call are what they were. The sandbox's own origin (the console) still works.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../test-support/chromium.js";
import { rawRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const ctx = useSandbox();
const TASK = `/cloud/v1/tasks/${F.runningTaskIds[0]}`;
const KEY = { authorization: `apikey ${F.apiKey}` };

/** What the page tries, each a fetch with the default key; the page keeps each outcome by name. */
const ATTEMPTS = `
const key = "apikey ${F.apiKey}";
const json = { Authorization: key, "Content-Type": "application/json" };
const attempts = {
  reset: { method: "POST", path: "/__sandbox/reset", headers: { Authorization: key } },
  fault: { method: "POST", path: "/__sandbox/faults", headers: json,
    body: JSON.stringify({ kind: "status", status: 503, times: 100 }) },
  override: { method: "POST", path: "/__sandbox/overrides", headers: json,
    body: JSON.stringify({ operation_id: "getTask", status: 404 }) },
  clock: { method: "POST", path: "/__sandbox/clock", headers: json, body: JSON.stringify({ mode: "manual" }) },
  journal: { method: "GET", path: "/__sandbox/journal?after=0", headers: { Authorization: key } },
  // A "simple" request needs no preflight: it reaches the server, which must refuse it.
  simpleReset: { method: "POST", path: "/__sandbox/reset", headers: { "Content-Type": "text/plain" }, body: "x",
    mode: "no-cors" },
};
window.tryAll = async (base) => {
  const out = {};
  for (const [name, a] of Object.entries(attempts)) {
    try {
      const res = await fetch(base + a.path, { method: a.method, headers: a.headers, body: a.body, mode: a.mode ?? "cors" });
      out[name] = res.type === "opaque" ? "opaque" : res.status + " " + (await res.text()).slice(0, 200);
    } catch (error) {
      out[name] = "failed: " + error.message;
    }
  }
  return out;
};
`;

let browser: Browser;
let attacker: Server;
let attackerUrl = "";

beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(`<!doctype html><title>another page</title><script>${ATTEMPTS}</script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
});

const read = async (path: string) => JSON.parse((await rawRequest(ctx.sandbox.url, "GET", path, KEY)).text);

describe("a page on another local origin, with the default key", () => {
  it("can reset, arm, override, switch the clock and read the journal in none of its attempts", async () => {
    // The developer's tenant as they left it: a change of their own, a call in the journal.
    const json = { ...KEY, "content-type": "application/json" };
    await rawRequest(ctx.sandbox.url, "POST", "/__sandbox/clock", json, '{"mode":"real"}');
    const developerCall = await rawRequest(ctx.sandbox.url, "GET", TASK, KEY);
    expect(developerCall.status).toBe(200);
    const before = {
      state: await read("/__sandbox/state"),
      faults: await read("/__sandbox/faults"),
      overrides: await read("/__sandbox/overrides"),
      clock: (await read("/__sandbox/clock")).mode,
      journal: (await read("/__sandbox/journal?after=0")).last_id,
    };

    const page = await browser.newPage();
    await page.goto(attackerUrl);
    const outcomes = (await page.evaluate(
      (base) => (window as unknown as { tryAll(b: string): unknown }).tryAll(base),
      ctx.sandbox.url,
    )) as Record<string, string>;
    await page.close();

    expect(Object.keys(outcomes)).toHaveLength(6);
    for (const [name, outcome] of Object.entries(outcomes)) {
      if (name === "simpleReset") expect(outcome).toBe("opaque");
      else expect(outcome, name).toMatch(/^failed: /);
    }
    expect(await read("/__sandbox/state")).toEqual(before.state);
    expect(await read("/__sandbox/faults")).toEqual(before.faults);
    expect(await read("/__sandbox/overrides")).toEqual(before.overrides);
    expect((await read("/__sandbox/clock")).mode).toBe(before.clock);
    expect((await read("/__sandbox/journal?after=0")).last_id).toBe(before.journal);
    const next = await rawRequest(ctx.sandbox.url, "GET", TASK, KEY);
    expect(next.status).toBe(200);
    expect(JSON.parse(next.text)).toEqual(JSON.parse(developerCall.text));
  });

  it("still lets the sandbox's own origin (its console) steer it", async () => {
    const page = await browser.newPage();
    await page.goto(`${ctx.sandbox.url}/__sandbox/`);
    // The console's CSP runs no inline script: the attempts are evaluated through the browser's own channel.
    await page.evaluate(ATTEMPTS);
    const outcomes = (await page.evaluate(
      (base) => (window as unknown as { tryAll(b: string): unknown }).tryAll(base),
      ctx.sandbox.url,
    )) as Record<string, string>;
    await page.close();
    expect(outcomes.fault).toMatch(/^201 /);
    expect(outcomes.journal).toMatch(/^200 /);
    expect(outcomes.reset).toMatch(/^200 /);
  });
});
