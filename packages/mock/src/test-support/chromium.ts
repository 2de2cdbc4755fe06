import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../../../scripts/ensure-system-deps.mjs";

/** Debian's Chromium (never one Playwright downloads), with the flags our containers and CI need. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_FLAGS] });
}
