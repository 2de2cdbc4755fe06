import { afterAll, beforeAll } from "vitest";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../sandbox/server.js";
import { type SpecClient, specClient } from "./spec-client.js";

/**
 * Starts a sandbox for the test file (port 0, responses checked by the server too) and stops it after.
 * Use `api` for calls checked against the spec from the client side.
 */
export function useSandbox(options: SandboxOptions = {}): {
  readonly sandbox: RunningSandbox;
  readonly api: SpecClient;
} {
  let sandbox: RunningSandbox | undefined;
  let api: SpecClient | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ validateResponses: true, taskDelayMs: 30, ...options });
    api = specClient(sandbox.url);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });
  return {
    get sandbox() {
      if (!sandbox) throw new Error("the sandbox is not started yet");
      return sandbox;
    },
    get api() {
      if (!api) throw new Error("the sandbox is not started yet");
      return api;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined (bounded). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await sleep(10);
  }
}
