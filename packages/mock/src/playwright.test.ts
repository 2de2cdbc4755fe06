// The Playwright adapter in Debian's Chromium: a page served from 127.0.0.1 calls the API's host (and a base
// URL given) with the browser's own fetch, CORS checks included, and the in-process sandbox answers.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routeSandbox } from "./playwright.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./sandbox/fixtures/ids.js";
import { createSandbox } from "./sandbox/in-process.js";
import { launchChromium } from "./test-support/chromium.js";

const ACTIVE = `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`;
const sandbox = createSandbox({ validateResponses: true });
let browser: Browser;
let server: Server;
let origin = "";
let context: BrowserContext;
let page: Page;

/** The page's own fetch, with a key: the status and the body's text, or the error's name when it rejects. */
const pageFetch = (url: string, key: string, init: { method?: string; body?: string } = {}) =>
  page.evaluate(
    async ({ url, key, init }) => {
      try {
        const res = await fetch(url, {
          ...init,
          headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
        });
        return {
          status: res.status,
          text: await res.text(),
          override: res.headers.get("x-sandbox-override"),
        };
      } catch (error) {
        return { failed: (error as Error).name };
      }
    },
    { url, key, init },
  );

beforeAll(async () => {
  server = createServer((_, res) => res.end("<!doctype html><title>app</title>")).listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(origin);
});
afterEach(() => context.close());
afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server.close(done));
  await sandbox.close();
});

describe("routeSandbox", () => {
  it("answers a page's calls to the API's host, across origins", async () => {
    await routeSandbox(page, sandbox);
    const res = await pageFetch(`https://api.gcore.com${ACTIVE}`, SANDBOX_API_KEY);
    expect(res).toMatchObject({ status: 200 });
    expect(JSON.parse((res as { text: string }).text).count).toBe(F.runningTaskIds.length);
  });

  it("routes a whole context at a base URL given, writes and overrides included", async () => {
    await routeSandbox(context, sandbox, { baseUrl: "https://gateway.test/api" });
    const tenant = await sandbox.control.tenant();
    const path = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
    const renamed = await pageFetch(`https://gateway.test/api${path}`, tenant.key, {
      method: "PATCH",
      body: JSON.stringify({ name: "through-playwright" }),
    });
    expect(renamed).toMatchObject({ status: 200 });
    expect((await tenant.state()).securityGroups[0]?.name).toBe("through-playwright");
    const armed = await tenant.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    const overridden = await pageFetch(`https://gateway.test/api${ACTIVE}`, tenant.key);
    expect(overridden).toEqual({ status: 200, text: '{"count":0,"results":[]}', override: armed.id });
  });

  it("aborts the request for a reset fault, and removes its routes when asked", async () => {
    // A route set before the sandbox's: it answers once the sandbox's routes are gone.
    await page.route("https://api.gcore.com/**", (route) =>
      route.fulfill({ status: 418, headers: { "access-control-allow-origin": "*" }, body: "" }),
    );
    const unroute = await routeSandbox(page, sandbox);
    const tenant = await sandbox.control.tenant();
    await tenant.faults.add({ operation_id: "listActiveTasks", kind: "reset" });
    expect(await pageFetch(`https://api.gcore.com${ACTIVE}`, tenant.key)).toEqual({ failed: "TypeError" });
    expect(await pageFetch(`https://api.gcore.com${ACTIVE}`, tenant.key)).toMatchObject({ status: 200 });
    await unroute();
    expect(await pageFetch(`https://api.gcore.com${ACTIVE}`, tenant.key)).toMatchObject({ status: 418 });
  });
});
