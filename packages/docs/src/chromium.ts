import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { chromiumPath } from "../../../scripts/ensure-system-deps.mjs";

/** Debian's Chromium; never a browser downloaded by Playwright. CHROMIUM_PATH overrides it. */
const CHROMIUM_PATH = chromiumPath();

/** The flags that work in our containers and CI (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}
