// Try it on the built docs page, opened from file:// with every request that is not a file aborted: each
// operation's button opens the panel prefilled from its examples, Send is answered by the sandbox inside the
// page with a status the operation documents and the verdict of the sandbox's journal; a bare metal create,
// then getTask with the clock run to done, shows the task FINISHED; a deprecated operation is marked and links its
// successor. Pictures of the panel go to spec/dist/docs/try-it.png and try-it-deprecated.png (gitignored, as all
// of dist/).
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type RunningSandbox, SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
import { matchStatus } from "@cloud-contract/spec/model";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { openContext } from "./chromium.js";
import { followLink } from "./follow-link.js";
import { bundledOperations, docsFile, specDir } from "./operations.js";

const operations = bundledOperations();
const tryItScreenshot = join(specDir, "dist", "docs", "try-it.png");
/** The panel on a deprecated operation, its note and its answer's headers. */
const deprecationScreenshot = join(specDir, "dist", "docs", "try-it-deprecated.png");
/** The running sandbox the page's server menu names (the only address its CSP lets it reach). */
const RUNNING_SANDBOX = "http://127.0.0.1:4011";

/** A blank page in a fresh context (kept in `contexts`, for the file to close), its errors kept in `pageErrors`. */
async function openDocs(contexts: BrowserContext[], pageErrors: string[]): Promise<Page> {
  const context = await openContext({ viewport: { width: 1600, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

/** Opens the operation's section, presses its Try it button and waits for the panel to show it. */
async function pressTryIt(page: Page, operationId: string): Promise<Locator> {
  const op = operations.find((o) => o.operationId === operationId);
  await followLink(page, `#/${op?.tag?.toLowerCase()}/${operationId.toLowerCase()}`);
  const section = page.locator(
    `[data-section-id$="/${operationId.toLowerCase()}"][data-item-kind="httpItem"]`,
  );
  const button = section.locator("button.try-it-open");
  await button.waitFor({ timeout: HANG_DETECTOR_MS });
  await button.click();
  const panel = page.locator("aside.try-it");
  await panel.locator(".try-title", { hasText: operationId }).waitFor();
  return panel;
}

/** Presses Send and waits for the answer's status; resolves to it, the verdict's breach and the body. */
async function pressSend(page: Page): Promise<{ status: number; breach: string | null; body: string }> {
  const panel = page.locator("aside.try-it");
  await panel.locator(".try-answer").evaluate((el) => el.replaceChildren());
  await panel.locator("button.try-send").click();
  const status = panel.locator(".try-status");
  await status.waitFor({ timeout: HANG_DETECTOR_MS });
  return {
    status: Number(await status.getAttribute("data-status")),
    breach: await panel.locator(".try-answer .verdict .badge").getAttribute("data-breach"),
    body: (await panel.locator(".try-answer pre.body").textContent()) ?? "",
  };
}

describe("Try it on the docs page, from file:// with the network cut", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  const requests: string[] = [];
  const aborted: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    expect(existsSync(docsFile), `${docsFile} is missing: run pnpm docs:build`).toBe(true);
    page = await openDocs(contexts, pageErrors);
    const context = page.context();
    context.on("request", (request) => requests.push(request.url()));
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith("file:")) return route.continue();
      aborted.push(url);
      return route.abort();
    });
    await page.goto(pathToFileURL(docsFile).href);
    await page.locator('[data-section-id="/"] h1').waitFor();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  const panel = () => page.locator("aside.try-it");
  const openTryIt = (operationId: string) => pressTryIt(page, operationId);
  const send = () => pressSend(page);

  it("has a Try it button on every operation, and Send gets a documented status the contract keeps", async () => {
    const seen: Record<string, [number, string | null]> = {};
    for (const op of operations) {
      await openTryIt(op.operationId);
      const { status, breach } = await send();
      seen[op.operationId] = [status, breach];
      expect(matchStatus(op.statuses, status), `${op.operationId}: ${status} is documented`).toBeDefined();
      expect(breach, `${op.operationId}: the verdict of the exchange`).toBe("none");
    }
    expect(Object.keys(seen)).toHaveLength(operations.length);
  });

  it("marks a deprecated operation, sends it with the Deprecation and Link headers shown, and opens its successor", async () => {
    const tryIt = await openTryIt("updateSecurityGroup");
    // The seeded group, so that the example's new rule is new.
    await tryIt.locator("button.try-reset").click();
    await tryIt.locator(".try-answer .note").waitFor();
    const note = tryIt.locator(".try-deprecated");
    await expect(note.textContent()).resolves.toBe(
      "Deprecated. Use updateSecurityGroupV2 instead. No removal date is set yet.",
    );
    const answer = await send();
    expect(answer.status).toBe(200);
    const shown = (await tryIt.locator(".try-answer").textContent()) ?? "";
    expect(shown).toMatch(/deprecation\W+@\d+/i);
    expect(shown).toContain('rel="successor-version"');
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: deprecationScreenshot });
    expect(statSync(deprecationScreenshot).size).toBeGreaterThan(10_000);

    await note.getByRole("link", { name: "updateSecurityGroupV2" }).click();
    await tryIt.locator(".try-title", { hasText: "updateSecurityGroupV2" }).waitFor();
    await expect(note.isHidden()).resolves.toBe(true);
    await page.waitForURL(/#\/cloud\/updatesecuritygroupv2$/, { timeout: HANG_DETECTOR_MS });
  });

  it("prefills path, query and body from the operation's examples", async () => {
    const tryIt = await openTryIt("createBareMetalServers");
    const body = JSON.parse(await tryIt.locator("textarea.try-body").inputValue());
    expect(body).toMatchObject({ flavor: expect.any(String), image_id: expect.any(String) });
    await expect(tryIt.locator('input[data-field="project_id"]').inputValue()).resolves.toMatch(/^\d+$/);
    await expect(tryIt.locator('input[data-field="region_id"]').inputValue()).resolves.toMatch(/^\d+$/);
  });

  it("creates a bare metal server, then getTask shows it RUNNING until Run to done, which sends it again: FINISHED", async () => {
    await openTryIt("createBareMetalServers");
    const created = await send();
    expect(created.status).toBe(200);
    const taskId = (JSON.parse(created.body) as { tasks: string[] }).tasks[0] ?? "";
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);

    const tryIt = await openTryIt("getTask");
    await tryIt.locator('input[data-field="task_id"]').fill(taskId);
    const running = await send();
    expect(running.status).toBe(200);
    expect(JSON.parse(running.body)).toMatchObject({ id: taskId, state: "RUNNING" });

    const before = await tryIt.locator(".clock-now").textContent();
    await tryIt.locator("button.run-to-done").click();
    await expect
      .poll(() => tryIt.locator(".clock-now").textContent(), { timeout: HANG_DETECTOR_MS })
      .not.toBe(before);
    // The read on show is sent again: its answer shows the task finished without pressing Send.
    await expect
      .poll(async () => (await tryIt.locator(".try-answer pre.body").textContent()) ?? "", {
        timeout: HANG_DETECTOR_MS,
      })
      .toContain("FINISHED");
    const finished = await send();
    expect(finished.status).toBe(200);
    expect(finished.breach).toBe("none");
    expect(JSON.parse(finished.body)).toMatchObject({ id: taskId, state: "FINISHED" });

    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: tryItScreenshot });
    expect(statSync(tryItScreenshot).size).toBeGreaterThan(10_000);
  });

  it("shows the caller's break when the edited body leaves out a required field", async () => {
    const tryIt = await openTryIt("createBareMetalServers");
    const body = JSON.parse(await tryIt.locator("textarea.try-body").inputValue()) as Record<string, unknown>;
    delete body.flavor;
    await tryIt.locator("textarea.try-body").fill(JSON.stringify(body));
    const broken = await send();
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.breach).toBe("caller");
    await expect(tryIt.locator(".try-answer .violation").first().textContent()).resolves.toContain("flavor");
  });

  it("offers the running sandbox in the server menu, with the page's own as the default", async () => {
    const menu = panel().locator("select.try-server");
    await expect(menu.inputValue()).resolves.toBe("0");
    await expect(menu.locator("option").allTextContents()).resolves.toEqual([
      "This page's sandbox (in the page)",
      "Running sandbox at http://127.0.0.1:4011",
    ]);
    const csp = readFileSync(docsFile, "utf8").match(/connect-src [^;]*/)?.[0];
    expect(csp).toContain("http://127.0.0.1:4011");
  });

  it("sent nothing but the page's own file, and threw no page error", () => {
    expect(aborted).toEqual([]);
    expect(requests.filter((url) => !url.startsWith("file:"))).toEqual([]);
    expect(requests.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });
});

/** The origin `pnpm docs:serve` serves the page from by default: one a running sandbox answers. */
const DOCS_SERVER = "http://127.0.0.1:8080";

/** Serves the built page on 127.0.0.1 at a free port (a loopback server, as `pnpm docs:serve` is). */
async function servePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(readFileSync(docsFile, "utf8"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Opens the page at `origin` (its document fetched from `pageUrl`, a loopback server, so that the page keeps
 * the origin's address while Chromium sees a loopback page), with the running sandbox's fixed address sent on
 * to `sandboxUrl`, preflights included; anything else is cut and kept in `outside`.
 */
async function openServedDocs(
  contexts: BrowserContext[],
  origin: string,
  pageUrl: string,
  sandboxUrl: string,
  outside: string[],
  pageErrors: string[],
): Promise<Page> {
  const page = await openDocs(contexts, pageErrors);
  await page.context().route("**/*", (route) => {
    const url = route.request().url();
    if (url === `${origin}/`) return route.continue({ url: pageUrl });
    if (url.startsWith(`${RUNNING_SANDBOX}/`)) {
      return route.continue({ url: sandboxUrl + url.slice(RUNNING_SANDBOX.length) });
    }
    outside.push(url);
    return route.abort();
  });
  await page.goto(`${origin}/`);
  await page.locator('[data-section-id="/"] h1').waitFor();
  return page;
}

/** Opens getTask's Try it switched to the running sandbox, its default key and a running task filled in. */
async function getTaskOnRunningSandbox(page: Page): Promise<Locator> {
  const tryIt = await pressTryIt(page, "getTask");
  await tryIt.locator("select.try-server").selectOption({ index: 1 });
  await expect(tryIt.locator("input.try-key").inputValue()).resolves.toBe(SANDBOX_FIXTURES.apiKey);
  await tryIt.locator('input[data-field="task_id"]').fill(SANDBOX_FIXTURES.runningTaskIds[0]);
  return tryIt;
}

describe("Try it switched to the running sandbox, on the docs server's origin", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let sandbox: RunningSandbox;
  let served: Awaited<ReturnType<typeof servePage>>;
  const outside: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    served = await servePage();
    page = await openServedDocs(contexts, DOCS_SERVER, served.url, sandbox.url, outside, pageErrors);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await sandbox?.stop();
    await served?.close();
  });

  it("sends getTask to the running sandbox with its default key and shows its answer and verdict", async () => {
    await getTaskOnRunningSandbox(page);
    const answer = await pressSend(page);
    expect(answer.status).toBe(200);
    expect(answer.breach).toBe("none");
    expect(JSON.parse(answer.body)).toMatchObject({
      id: SANDBOX_FIXTURES.runningTaskIds[0],
      state: "RUNNING",
    });
    // The running sandbox journaled the call the page made (the default tenant's journal).
    const journal = (await fetch(`${sandbox.url}/__sandbox/journal?after=0`, {
      headers: { Authorization: `apikey ${SANDBOX_FIXTURES.apiKey}` },
    }).then((r) => r.json())) as {
      entries: { method: string; path: string; request: { headers: Record<string, string> } }[];
    };
    expect(journal.entries.map((e) => `${e.method} ${e.path}`)).toContain(
      `GET /cloud/v1/tasks/${SANDBOX_FIXTURES.runningTaskIds[0]}`,
    );
    expect(outside).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("gets no answer from the running sandbox when the page is on an origin it was not told to allow", async () => {
    const other = await openServedDocs(
      contexts,
      "http://127.0.0.1:8081",
      served.url,
      sandbox.url,
      outside,
      pageErrors,
    );
    const tryIt = await getTaskOnRunningSandbox(other);
    await tryIt.locator("button.try-send").click();
    // The answer carries no CORS for this origin, so the browser keeps it from the page: a problem shown, never
    // a status. (Routed requests get their preflight answered by Playwright, so the call itself does reach the
    // sandbox here; a plain browser stops at the sandbox's preflight answer.)
    await other.waitForFunction(
      () => {
        const answer = document.querySelector("aside.try-it .try-answer");
        const problem = document.querySelector("aside.try-it p.problem");
        return answer?.textContent === "" && problem?.textContent?.startsWith("⚠");
      },
      undefined,
      { timeout: HANG_DETECTOR_MS },
    );
    await expect(tryIt.locator(".try-status").count()).resolves.toBe(0);
  });
});
