// The console in Debian's Chromium, on a running sandbox: calls made from outside the page (this test's
// fetch) appear in its journal without a reload, each with its status and verdict; a body the spec refuses
// shows as the caller's break with the violation; Keep as test downloads a vitest file that passes against
// the sandbox as it is and fails once the answer changes. The test writes reports/console.png.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../../../scripts/hang-detector.mjs";
import { launchChromium } from "../../test-support/chromium.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const PACKAGE_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const REPORTS = join(PACKAGE_ROOT, "reports");
const SCREENSHOT = join(REPORTS, "console.png");
const VITEST = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const BARE_METAL = `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`;

const ctx = useSandbox({ taskDelayMs: 60_000 });
let browser: Browser;
let page: Page;
let key = "";
let work = "";

beforeAll(async () => {
  const created = await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/tenants", F.apiKey);
  key = created.body.api_key;
  work = join(REPORTS, `console-kept-${process.pid}`);
  mkdirSync(work, { recursive: true });
  browser = await launchChromium();
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs one file with vitest as a user's project would (a config of its own); its exit code and output. */
function runVitest(
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const config = join(work, "vitest.config.mjs");
  writeFileSync(config, 'export default { test: { include: ["**/*.test.ts"] } };\n');
  const child = spawn(process.execPath, [VITEST, "run", "--config", config, "--root", work, file], {
    cwd: work,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

const row = (id: number) => page.locator(`tr.call[data-id="${id}"]`);

describe("the sandbox console at /__sandbox/", () => {
  it("is an HTML page of the sandbox's own, with no outside request", async () => {
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(ctx.sandbox.url)) outside.push(request.url());
    });
    const res = await page.goto(`${ctx.sandbox.url}/__sandbox/`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-type"]).toMatch(/^text\/html/);
    await page.locator("#key").fill(key);
    await page.locator("#open-key").click();
    await page.locator(".panel-state summary").first().waitFor();
    expect(outside).toEqual([]);
    expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  });

  it("shows each call made from outside the page as it happens, with its status and verdict", async () => {
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });
    const task = await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, key);
    expect(task.status).toBe(200);
    await row(1).waitFor();
    expect(await row(1).locator(".status").textContent()).toBe("200");
    expect(await row(1).locator(".badge").getAttribute("data-breach")).toBe("none");
    expect(await row(1).locator(".path").textContent()).toBe(`/cloud/v1/tasks/${F.finishedTaskId}`);

    const created = await sandboxRequest(ctx.sandbox.url, "POST", BARE_METAL, key, {
      flavor: F.bareMetalFlavor,
      image_id: F.imageId,
      interfaces: [{ type: "external" }],
    });
    expect(created.status).toBe(200);
    await row(2).waitFor();
    expect(await row(2).locator(".status").textContent()).toBe("200");
    expect(await row(2).locator(".badge").textContent()).toBe("kept");
    // The state follows: the new server's task is among the tenant's tasks.
    await page.locator(".state-kind[data-kind='tasks'] summary").click();
    await expect
      .poll(() => page.locator(".state-kind[data-kind='tasks'] pre").textContent())
      .toContain(created.body.tasks[0]);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it("shows a body missing a required field as the caller's break, with the violation", async () => {
    const broken = await sandboxRequest(ctx.sandbox.url, "POST", BARE_METAL, key, {
      image_id: F.imageId,
      interfaces: [{ type: "external" }],
    });
    expect(broken.status).toBe(400);
    await row(3).waitFor();
    expect(await row(3).locator(".status").textContent()).toBe("400");
    expect(await row(3).locator(".badge").textContent()).toBe("caller's break");
    expect(await row(3).locator(".first-violation").textContent()).toBe(" body /flavor: Field required");
    await row(3).click();
    const detail = page.locator(".call-detail");
    expect(await detail.locator(".violation").allTextContents()).toEqual(["body /flavor: Field required"]);
    expect(await detail.locator(".message .body").first().textContent()).toContain(F.imageId);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(readFileSync(SCREENSHOT).length).toBeGreaterThan(10_000);
  });

  it("keeps a call as a vitest file that passes against the sandbox, and fails once the answer changes", async () => {
    await row(1).click();
    const [saved] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("tr.detail-row").filter({ hasText: F.finishedTaskId }).locator("button.keep").click(),
    ]);
    expect(saved.suggestedFilename()).toBe("getTask-200-1.test.ts");
    const file = join(work, saved.suggestedFilename());
    await saved.saveAs(file);
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(key);

    const passing = await runVitest(file, { SANDBOX_URL: ctx.sandbox.url, SANDBOX_API_KEY: key });
    expect(passing.code, passing.output).toBe(0);
    expect(passing.output).toMatch(/1 passed/);

    const fault = await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/faults", key, {
      operation_id: "getTask",
      kind: "status",
      status: 500,
    });
    expect(fault.status).toBe(201);
    const failing = await runVitest(file, { SANDBOX_URL: ctx.sandbox.url, SANDBOX_API_KEY: key });
    expect(failing.code, failing.output).toBe(1);
    expect(failing.output).toMatch(/expected 500 to be 200/);
  });

  it("arms and removes a fault, and moves the clock, from the page", async () => {
    const faults = page.locator(".panel-faults");
    await faults
      .locator("textarea")
      .fill(
        JSON.stringify({ operation_id: "getTask", kind: "status", status: 503, times: 1, retry_after_s: 1 }),
      );
    await faults.locator("button.add").click();
    // The list the page shows once it has added the fault: only this one (the earlier test's was used up).
    await faults.locator("li[data-id]", { hasText: "getTask status → 503 ×1" }).waitFor();
    expect(await faults.locator("li[data-id]").count()).toBe(1);
    const listed = await sandboxRequest(ctx.sandbox.url, "GET", "/__sandbox/faults", key);
    expect(listed.body.count).toBe(1);
    await faults.locator("li[data-id] button").click();
    await faults.locator("li.none").waitFor();
    expect((await sandboxRequest(ctx.sandbox.url, "GET", "/__sandbox/faults", key)).body.count).toBe(0);

    // An override the contract refuses is refused with the control API's message.
    const overrides = page.locator(".panel-overrides");
    await overrides.locator("textarea").fill(JSON.stringify({ operation_id: "getTask", status: 418 }));
    await overrides.locator("button.add").click();
    await expect
      .poll(() => overrides.locator(".problem").textContent(), { timeout: HANG_DETECTOR_MS })
      .toMatch(/418/);

    await page.locator(".clock button", { hasText: "Manual" }).click();
    await page.locator(".clock [data-mode='manual']").waitFor();
    const before = Date.parse(
      (await sandboxRequest(ctx.sandbox.url, "GET", "/__sandbox/clock", key)).body.now,
    );
    await page.locator(".clock button", { hasText: "+10 min" }).click();
    await expect
      .poll(async () =>
        Date.parse((await sandboxRequest(ctx.sandbox.url, "GET", "/__sandbox/clock", key)).body.now),
      )
      .toBe(before + 600_000);
  });

  it("keeps a caller's break as a file that expects the same refusal", async () => {
    const [saved] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("tr.detail-row").filter({ hasText: "Field required" }).locator("button.keep").click(),
    ]);
    const file = join(work, saved.suggestedFilename());
    await saved.saveAs(file);
    // The sandbox's public key: the default world refuses the same body the same way.
    const run = await runVitest(file, { SANDBOX_URL: ctx.sandbox.url });
    expect(run.code, run.output).toBe(0);
  });
});
