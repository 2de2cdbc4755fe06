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
