// Navigation on the built Redoc page, shared by the browser tests that open it.
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Goes to an in-page link (`#/cloud/gettask`) as a click on it would. The page renders only the sections near
 * the viewport, and routes on `hashchange`; while it scrolls it rewrites the URL to the section in view
 * (`history.replaceState`, no event). When that left the URL at the wanted hash already, setting the same hash
 * fires nothing and a section that is no longer rendered never comes: the URL is cleared first, silently.
 */
export async function followLink(page: Page, href: string | undefined) {
  expect(href, "an in-page link").toMatch(/^#\//);
  await page.evaluate((hash) => {
    if (window.location.hash === hash) {
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
    }
    window.location.hash = hash.slice(1);
  }, href ?? "");
}
