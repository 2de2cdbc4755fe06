import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../../scripts/ensure-system-deps.mjs";

/** Debian's Chromium; never a browser downloaded by Playwright. CHROMIUM_PATH overrides it. */
const CHROMIUM_PATH = chromiumPath();

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `${CHROMIUM_PATH} not found: run \`node scripts/ensure-system-deps.mjs chromium\` (Debian's package, as \`pnpm test\` does), or point CHROMIUM_PATH at a Chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], headless: true });
}

let workerChromium: Promise<Browser> | undefined;

/**
 * A fresh browser context (its own cookies, storage, routes and request log) in the Chromium of this test
 * worker. The worker's files run one after another over one module graph (vitest.config.ts), so they share
 * one Chromium instead of starting one each; a file closes the contexts it opened, and Playwright ends the
 * browser with the worker.
 */
export async function openContext(options?: BrowserContextOptions): Promise<BrowserContext> {
  workerChromium ??= launchChromium();
  return (await workerChromium).newContext(options);
}
