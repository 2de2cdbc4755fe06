// The docs page shows a deprecated operation as such: Redoc's "deprecated" tag, and a note in its description
// that links its successor; following the link lands on the successor's section.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { openContext } from "./chromium.js";
import { followLink } from "./follow-link.js";
import { bundledOperations, docsFile } from "./operations.js";

const deprecated = bundledOperations().filter((op) => op.deprecation !== undefined);
const section = (page: Page, operationId: string) =>
  page.locator(`[data-section-id$="/${operationId.toLowerCase()}"][data-item-kind="httpItem"]`);

describe("deprecated operations on the docs page", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    expect(existsSync(docsFile), `${docsFile} is missing: run pnpm docs:build`).toBe(true);
    context = await openContext({ viewport: { width: 1600, height: 1000 } });
    page = await context.newPage();
    await page.goto(pathToFileURL(docsFile).href);
    await page.locator('[data-section-id="/"] h1').waitFor();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("there is one to show: updateSecurityGroup, succeeded by updateSecurityGroupV2", () => {
    expect(deprecated.map((op) => [op.operationId, op.deprecation?.successor])).toEqual([
      ["updateSecurityGroup", "updateSecurityGroupV2"],
    ]);
  });

  for (const op of deprecated) {
    const successor = op.deprecation?.successor as string;
    it(`${op.operationId} carries the deprecated tag and a note linking ${successor}, which the link opens`, async () => {
      await followLink(page, `#/${op.tag?.toLowerCase()}/${op.operationId.toLowerCase()}`);
      const own = section(page, op.operationId);
      await own.waitFor({ timeout: HANG_DETECTOR_MS });
      await expect(own.locator("h2").first().textContent()).resolves.toMatch(/deprecated/i);
      const text = (await own.locator('[data-testid="middle-panel"]').allTextContents())
        .join(" ")
        .replace(/\s+/g, " ");
      expect(text).toContain(
        op.deprecation?.sunset
          ? `Deprecated: may be removed on or after ${op.deprecation.sunset}. Use ${successor} instead.`
          : `Deprecated: no removal date is set yet. Use ${successor} instead.`,
      );
      await own.getByRole("link", { name: successor, exact: true }).first().click();
      await page.waitForURL(new RegExp(`#/${op.tag?.toLowerCase()}/${successor.toLowerCase()}$`), {
        timeout: HANG_DETECTOR_MS,
      });
      await section(page, successor).waitFor({ timeout: HANG_DETECTOR_MS });
      await expect(section(page, successor).locator("h2").first().textContent()).resolves.not.toMatch(
        /deprecated/i,
      );
    });
  }
});
