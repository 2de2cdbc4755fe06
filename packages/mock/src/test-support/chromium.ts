import { type Browser, chromium } from "playwright-core";
import { chromiumPath } from "../../../../scripts/ensure-system-deps.mjs";

/** Debian's Chromium (never one Playwright downloads), with the flags our containers and CI need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}
