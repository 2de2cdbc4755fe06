import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../../scripts/ensure-system-deps.mjs";

/** Debian's Chromium; never a browser downloaded by Playwright. CHROMIUM_PATH overrides it. */
const CHROMIUM_PATH = chromiumPath();

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} not found: run \`node scripts/ensure-system-deps.mjs chromium\` (Debian's package, as \`pnpm test\` does), or point CHROMIUM_PATH at a Chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], headless: true });
}
