import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadDocument } from "@cloud-contract/spec/document";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { openContext } from "./chromium.js";
import { followLink } from "./follow-link.js";
import { type RequestLog, recordRequests } from "./network.js";
import { bundledOperations, docsFile, screenshotFile, specDir } from "./operations.js";
import { descriptionFences, type RenderedText, readRendered } from "./rendered-text.js";

const TAGS = ["Cloud", "Billing", "CDN", "IAM", "Streaming"];
const INTRO = [
  "Getting started",
  "Authentication",
  "Asynchronous tasks",
  "Tags: JSON Merge Patch",
  "Pagination",
  "Errors",
];
const operations = bundledOperations();
const deprecated = operations.filter((op) => op.deprecation !== undefined);
/** The section of an operation on the page (rendered only once it is near the viewport). */
const operationSection = (page: Page, operationId: string) =>
  page.locator(`[data-section-id$="/${operationId.toLowerCase()}"][data-item-kind="httpItem"]`);
const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Wheels down until the page stops moving (Redoc 3 renders sections only as they come into view), calling
 * `atEachStep` once the page has moved.
 */
async function scrollThrough(page: Page, atEachStep?: () => Promise<void>): Promise<number> {
  let last = -1;
  let still = 0;
  let steps = 0;
  for (; steps < 400 && still < 5; steps++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(40);
    await atEachStep?.();
    const y = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
    still = y === last ? still + 1 : 0;
    last = y;
  }
  return last;
}

/** The boxes of a sample's text that lie under a copy button of its panel (none, when nothing is hidden). */
function textUnderCopyButton(code: Locator): Promise<number[][]> {
  return code.evaluate((el) => {
    const panel = el.closest('[data-testid="right-panel"]') ?? document.body;
    const buttons = [...panel.querySelectorAll('[data-testid="copy-button"]')]
      .map((b) => b.getBoundingClientRect())
      .filter((b) => b.width > 0 && b.height > 0);
    const text = document.createRange();
    text.selectNodeContents(el);
    return [...text.getClientRects()]
      .filter((r) =>
        buttons.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top),
      )
      .map((r) => [r.left, r.top, r.right, r.bottom]);
  });
}

describe("the API reference in Chromium", () => {
  let context: BrowserContext;
  let page: Page;
  let requests: RequestLog;
  /** operationId → the href of its link in the tag overview. */
  const links = new Map<string, string>();
  const pageErrors: string[] = [];
  /**
   * What a reader sees of the whole page, read on the way through it: the overview as it renders while
   * scrolling down, then every operation unfolded (its schemas, each response status and each variant).
   */
  const seen = {
    rawBackticks: new Set<string>(),
    literalFences: new Set<string>(),
    blocks: new Set<string>(),
    tabs: 0,
  };
  const add = (part: RenderedText) => {
    for (const text of part.rawBackticks) seen.rawBackticks.add(text);
    for (const text of part.literalFences) seen.literalFences.add(text);
    for (const text of part.markdownBlocks) seen.blocks.add(text);
    seen.tabs += part.tabs;
  };

  beforeAll(async () => {
    expect(existsSync(docsFile), `${docsFile} is missing: run pnpm docs:build`).toBe(true);
    context = await openContext({ viewport: { width: 1600, height: 1000 } });
    requests = await recordRequests(context);
    // Anything the page's Content-Security-Policy had to stop counts as an attempt to go outside.
    await context.addInitScript(() => {
      const w = window as unknown as { cspBlocked: string[] };
      w.cspBlocked = [];
      document.addEventListener("securitypolicyviolation", (e) => w.cspBlocked.push(e.blockedURI));
    });
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(pathToFileURL(docsFile).href);
    await page.locator('[data-section-id="/"] h1').waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it("opens with the title and the intro sections", async () => {
    await expect(page.locator('[data-section-id="/"] h1').textContent()).resolves.toContain(
      "Cloud platform API",
    );
    const menu = page.locator('[data-component-name="Menu/MenuItem"] [data-text]');
    const labels = await menu.evaluateAll((els) => els.map((e) => e.getAttribute("data-text")));
    expect(labels).toEqual(expect.arrayContaining([...INTRO, ...TAGS]));
    const auth = await page.locator('[data-section-id="/section/authentication"]').textContent();
    expect(auth).toContain("apikey");
    expect(auth).toContain("case-insensitive");
  });

  it("starts with Getting started: the sandbox in one command, its key, seeded ids, control API and client", async () => {
    const menu = page.locator('[data-component-name="Menu/MenuItem"] [data-text]');
    const labels = await menu.evaluateAll((els) => els.map((e) => e.getAttribute("data-text")));
    expect(labels.indexOf("Getting started")).toBeLessThan(labels.indexOf("Authentication"));
    const section = page.locator('[data-section-id="/section/getting-started"]');
    const text = squash((await section.textContent()) ?? "");
    for (const fact of [
      "pnpm install && pnpm sandbox",
      "http://127.0.0.1:4011",
      "sandbox-api-key",
      "bm1-infrastructure-small",
      "/__sandbox/tenants",
      "/__sandbox/clock",
      "/__sandbox/faults",
      'createCloudClient({ apiKey: "sandbox-api-key", baseUrl: "http://127.0.0.1:4011" })',
    ])
      expect(text).toContain(fact);
  });

  it("shows the five tag groups, each listing its operations by method and path, while scrolling", async () => {
    // The overview (intro, servers, tags) is read as it renders, from the top down.
    add(await readRendered(page.locator("body"), { open: true }));
    const bottom = await scrollThrough(page, async () =>
      add(await readRendered(page.locator("body"), { open: false })),
    );
    expect(bottom).toBeGreaterThan(1000);
    for (const tag of TAGS) {
      const section = page.locator(`[data-section-id="/${tag.toLowerCase()}"]`);
      await expect(section.locator("h2").first().textContent()).resolves.toContain(tag);
    }
    expect(operations.length).toBeGreaterThan(0);
    expect(new Set(operations.map((o) => o.tag))).toEqual(new Set(TAGS));
    for (const op of operations) {
      const section = page.locator(`[data-section-id="/${op.tag?.toLowerCase()}"]`);
      const label = `${op.method.toLowerCase()} ${op.path}`;
      // Redoc adds "deprecated" to the name of a deprecated operation's link.
      const name = op.deprecation ? new RegExp(`^${escapeRegExp(label)}\\s*deprecated$`) : label;
      const link = section.getByRole("link", { name, exact: true });
      await expect(link.count(), `${op.method.toLowerCase()} ${op.path} under ${op.tag}`).resolves.toBe(1);
      const href = await link.getAttribute("href");
      expect(href, op.operationId).toMatch(/^#\//);
      links.set(op.operationId, href ?? "");
    }
    expect(new Set(links.values()).size, "one link of its own per operation").toBe(operations.length);
  });

  it("renders every operation with its method, path and TypeScript sample for @cloud-contract/client", async () => {
    for (const op of operations) {
      // Follow the tag overview's link (Redoc routes by hash). Clicking the link itself is flaky: Redoc
      // re-renders the overview lists while it lays out sections further down.
      await followLink(page, links.get(op.operationId));
      const section = operationSection(page, op.operationId);
      await section.waitFor({ timeout: HANG_DETECTOR_MS });
      await section.scrollIntoViewIfNeeded();
      const request = section
        .locator('[data-testid="right-panel"]')
        .filter({ hasText: "TypeScript" })
        .first();
      await request.waitFor({ timeout: HANG_DETECTOR_MS });
      const text = await request.textContent();
      expect(text, op.operationId).toContain(op.method.toUpperCase());
      expect(text, op.operationId).toContain(op.path);
      const code = request.locator('pre[data-testid="source-code"] code');
      await expect(code.isVisible(), `${op.operationId}: sample visible`).resolves.toBe(true);
      await expect(
        textUnderCopyButton(code),
        `${op.operationId}: text under the copy button`,
      ).resolves.toEqual([]);
      const source = await code.textContent();
      // The page shows the sample file as it is now (the samples are type-checked in this package).
      const file = readFileSync(join(specDir, "code_samples", `${op.operationId}.ts`), "utf8");
      expect(squash(source ?? "")).toBe(squash(file));
      expect(source).toMatch(/import \{[^}]*\bcreateCloudClient\b[^}]*\} from "@cloud-contract\/client"/);
      expect(source).toMatch(
        new RegExp(`client\\.${op.method.toUpperCase()}\\(\\s*"${escapeRegExp(op.path)}"`),
      );
      add(await readRendered(section, { open: true }));
      // The read opened the operation's security panel, which lies over the page until closed.
      await page.keyboard.press("Escape");
    }
  });

  it("renders every fenced block of the descriptions as a code block, and no Markdown syntax as text, anywhere", () => {
    const fences = descriptionFences(loadDocument().doc);
    expect(fences.length, "fenced blocks in the spec's descriptions").toBeGreaterThan(0);
    // Every operation has several response statuses, each a tab.
    expect(seen.tabs, "tabs clicked through").toBeGreaterThan(operations.length * 3);
    expect([...seen.literalFences], "literal fences in the visible text").toEqual([]);
    expect([...seen.rawBackticks], "raw backticks in the visible text").toEqual([]);
    for (const code of fences) expect([...seen.blocks], "a code block of the page").toContain(code);
    expect(seen.blocks.size, "code blocks rendered from descriptions").toBe(new Set(fences).size);
  });

  it("finds the push-token reset when searching for reset_push_token", async () => {
    await page.getByTestId("search-trigger").click();
    const input = page.getByPlaceholder("Search docs...");
    await input.fill("reset_push_token");
    const hit = page
      .getByTestId("search-dialog")
      .getByText("Reset the push token of a live stream", { exact: true });
    await hit.waitFor({ timeout: HANG_DETECTOR_MS });
    await hit.click();
    await page.waitForURL(/#\/streaming\/resetstreampushtoken$/, { timeout: HANG_DETECTOR_MS });
    const section = page.locator('[data-section-id="/streaming/resetstreampushtoken"]');
    await expect(section.locator("h2").first().textContent()).resolves.toContain("Reset the push token");
  });

  it("keeps the spaces of search snippets where a description's source line wraps", async () => {
    await page.getByTestId("search-trigger").click();
    await page.getByPlaceholder("Search docs...").fill("quotas");
    const dialog = page.getByTestId("search-dialog");
    await dialog
      .getByText("Check the registry quota", { exact: true })
      .waitFor({ timeout: HANG_DETECTOR_MS });
    // In the spec's YAML "the" ends one line of this description and "project" starts the next.
    const source = readFileSync(
      join(specDir, "paths", "cloud_v1_registries_{project_id}_{region_id}_check_limits.yaml"),
      "utf8",
    );
    expect(source).toMatch(/quotas of the\n\s+project in the region/);
    const text = squash((await dialog.textContent()) ?? "");
    expect(text).toContain("fit within the quotas of the project in the region");
    expect(text).not.toMatch(/theproject/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", timeout: HANG_DETECTOR_MS });
  });

  // A deprecated operation shows as such: Redoc's "deprecated" tag, and a note in its description that links its
  // successor; following the link lands on the successor's section.
  it("has a deprecated operation to show: updateSecurityGroup, succeeded by updateSecurityGroupV2", () => {
    expect(deprecated.map((op) => [op.operationId, op.deprecation?.successor])).toEqual([
      ["updateSecurityGroup", "updateSecurityGroupV2"],
    ]);
  });

  for (const op of deprecated) {
    const successor = op.deprecation?.successor as string;
    it(`shows ${op.operationId} with the deprecated tag and a note linking ${successor}, which the link opens`, async () => {
      await followLink(page, `#/${op.tag?.toLowerCase()}/${op.operationId.toLowerCase()}`);
      const own = operationSection(page, op.operationId);
      await own.waitFor({ timeout: HANG_DETECTOR_MS });
      await expect(own.locator("h2").first().textContent()).resolves.toMatch(/deprecated/i);
      const text = squash((await own.locator('[data-testid="middle-panel"]').allTextContents()).join(" "));
      expect(text).toContain(
        op.deprecation?.sunset
          ? `Deprecated: may be removed on or after ${op.deprecation.sunset}. Use ${successor} instead.`
          : `Deprecated: no removal date is set yet. Use ${successor} instead.`,
      );
      await own.getByRole("link", { name: successor, exact: true }).first().click();
      await page.waitForURL(new RegExp(`#/${op.tag?.toLowerCase()}/${successor.toLowerCase()}$`), {
        timeout: HANG_DETECTOR_MS,
      });
      const next = operationSection(page, successor);
      await next.waitFor({ timeout: HANG_DETECTOR_MS });
      await expect(next.locator("h2").first().textContent()).resolves.not.toMatch(/deprecated/i);
    });
  }

  it("shows a code sample to reviewers in spec/dist/docs/screenshot.png", async () => {
    const op = operations.find((o) => o.operationId === "createBareMetalServers");
    expect(op).toBeDefined();
    await page
      .getByRole("link", { name: `${op?.method.toLowerCase()} ${op?.path}`, exact: true })
      .first()
      .click();
    const sample = page
      .locator('[data-section-id$="/createbaremetalservers"] pre[data-testid="source-code"] code')
      .filter({ hasText: "createCloudClient" });
    await sample.waitFor();
    await sample.scrollIntoViewIfNeeded();
    // The menu highlights the operation with a transition; the picture is taken once it has settled.
    await page
      .locator('[data-component-name="Menu/MenuItem"]')
      .filter({ hasText: "Create bare metal servers" })
      .first()
      .waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: screenshotFile });
    expect(statSync(screenshotFile).size).toBeGreaterThan(10_000);
  });

  // Last but one: choosing curl switches the sample language of every operation on the page.
  it("shows the bare metal creation's curl sample, and names each network interface variant", async () => {
    await followLink(page, "#/cloud/createbaremetalservers");
    const section = operationSection(page, "createBareMetalServers");
    await section.waitFor({ timeout: HANG_DETECTOR_MS });
    const panel = section.locator('[data-testid="right-panel"]').filter({ hasText: "TypeScript" }).first();
    await panel.getByRole("button", { name: "TypeScript" }).click();
    await page.getByRole("menuitem", { name: "curl" }).click();
    const curl = section
      .locator('[data-testid="right-panel"] pre[data-testid="source-code"] code')
      .filter({ hasText: "curl -X POST" })
      .first();
    await curl.waitFor({ timeout: HANG_DETECTOR_MS });
    const source = (await curl.textContent()) ?? "";
    expect(source).toContain('curl -X POST "http://127.0.0.1:4011/cloud/v1/bminstances/1/1"');
    expect(source).toContain('-H "Authorization: apikey sandbox-api-key"');
    expect(source).toContain('"flavor": "bm1-infrastructure-small"');
    // A long sample line wraps inside the panel instead of running past its edge.
    const overflow = await curl.evaluate((el) => {
      const pre = el.closest("pre") as HTMLElement;
      return pre.scrollWidth - pre.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(1);

    const interfaces = section.locator(".schema-property-item").filter({
      has: page.locator("span.schema-name", { hasText: /^interfaces$/ }),
    });
    await expect(interfaces.first().textContent()).resolves.toMatch(/Bare metal network interface/);
    await interfaces
      .first()
      .getByText(/Show (\d+ )?array propert(y|ies)/)
      .click();
    // Each variant of the interface union is a button named by its discriminator value, and the body's
    // two ways to boot are named by their titles.
    for (const name of ["external", "subnet", "any_subnet", "reserved_fixed_ip"])
      await expect(
        interfaces.first().getByText(name, { exact: true }).first().isVisible(),
        name,
      ).resolves.toBe(true);
    for (const name of ["From an image", "From an application template"])
      await expect(section.getByText(name, { exact: true }).first().isVisible(), name).resolves.toBe(true);
  });

  it("made no request that leaves the machine, and Redoc threw nothing", async () => {
    const blocked = await page.evaluate(() => (window as unknown as { cspBlocked: string[] }).cspBlocked);
    expect(requests.all.length).toBeGreaterThan(0);
    expect(requests.outside()).toEqual([]);
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
