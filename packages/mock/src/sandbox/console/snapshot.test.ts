// The console's "Save snapshot" and "Load snapshot" in Debian's Chromium: a saved world loads back over a
// changed one; a file that breaks the contract is refused with its problems listed and changes nothing. The
// test writes reports/console-snapshot.png.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../test-support/chromium.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const REPORTS = fileURLToPath(new URL("../../../reports", import.meta.url));
const SCREENSHOT = join(REPORTS, "console-snapshot.png");
const GROUP = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;

const ctx = useSandbox();
let browser: Browser;
let page: Page;
let key = "";
let work = "";

const groupName = async () =>
  (await sandboxRequest(ctx.sandbox.url, "GET", "/__sandbox/state", key)).body.securityGroups[0]
    .name as string;
const rename = async (name: string) =>
  expect((await sandboxRequest(ctx.sandbox.url, "PATCH", GROUP, key, { name })).status).toBe(200);

beforeAll(async () => {
  key = (await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/tenants", F.apiKey)).body.api_key;
  work = mkdtempSync(join(tmpdir(), "console-snapshot-"));
  mkdirSync(REPORTS, { recursive: true });
  browser = await launchChromium();
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await page.goto(`${ctx.sandbox.url}/__sandbox/`);
  await page.locator("#key").fill(key);
  await page.locator("#open-key").click();
});

afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the console's snapshots", () => {
  it("saves the tenant's world as a file and loads it back over a changed world", async () => {
    await rename("saved-world");
    const [saved] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("#save-snapshot").click(),
    ]);
    const file = join(work, saved.suggestedFilename());
    await saved.saveAs(file);
    const snapshot = JSON.parse(readFileSync(file, "utf8"));
    expect(snapshot).toMatchObject({ format: "cloud-contract-sandbox-snapshot", version: 1 });
    expect(snapshot.entities.securityGroups[0].name).toBe("saved-world");

    await rename("changed-world");
    await page.locator("#snapshot-file").setInputFiles(file);
    await page.locator(".snapshot-outcome", { hasText: "Loaded sandbox-snapshot.json." }).waitFor();
    expect(await groupName()).toBe("saved-world");
    await page.locator(".panel-state summary", { hasText: "securityGroups" }).click();
    await page.locator(".panel-state pre", { hasText: "saved-world" }).waitFor();
  });

  it("refuses a file that breaks the contract, listing entity, pointer and rule, and changes nothing", async () => {
    const snapshot = (await sandboxRequest(ctx.sandbox.url, "GET", "/__sandbox/snapshot", key)).body;
    snapshot.entities.tasks[0].state = "DONE";
    const file = join(work, "spoiled.json");
    writeFileSync(file, JSON.stringify(snapshot));
    await rename("kept-world");
    await page.locator("#snapshot-file").setInputFiles(file);
    const problem = page.locator(".snapshot-problems li");
    await problem.first().waitFor();
    expect(await problem.allTextContents()).toEqual([
      `tasks ${F.runningTaskIds[0]} at /entities/tasks/0/state: must be equal to one of the allowed values`,
    ]);
    expect(await page.locator(".snapshot-outcome .problem").textContent()).toMatch(
      /^The snapshot was not loaded, nothing changed/,
    );
    expect(await groupName()).toBe("kept-world");
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(readFileSync(SCREENSHOT).length).toBeGreaterThan(10_000);
  });
});
