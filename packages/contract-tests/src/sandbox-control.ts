// A target's sandbox control API (`/__sandbox/…`), through the target's own fetch: mock's control client, so
// the suite never spells the control API's paths and bodies a second time.
import { connectSandbox, type SandboxControl } from "@cloud-contract/mock";
import type { StatefulTarget } from "./stateful/http.js";

export function sandboxControlOf(target: StatefulTarget): SandboxControl {
  return connectSandbox(target.baseUrl, {
    apiKey: target.apiKey,
    fetch: (input, init) => target.fetch(new Request(input, init)),
  });
}

const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether the server at `baseUrl` is a sandbox: it answers its control API's clock (a read) for `apiKey`.
 * A server that hides `/__sandbox/` (a staging, a proxy, a sandbox with `--control off`) is not one.
 */
export async function isSandbox(baseUrl: string, apiKey: string): Promise<boolean> {
  const control = connectSandbox(baseUrl, {
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
  });
  try {
    const clock = await control.forKey(apiKey).clock.get();
    return typeof clock === "object" && clock !== null && typeof clock.mode === "string";
  } catch {
    return false;
  }
}
