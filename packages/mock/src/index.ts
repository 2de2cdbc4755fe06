export { bundlePath } from "@cloud-contract/spec/document";
export {
  type PrismLogLevel,
  type PrismOptions,
  prismEntry,
  type RunningPrism,
  type RunningServer,
  startPrism,
} from "./prism.js";
export { SANDBOX_API_KEY, SANDBOX_FIXTURES } from "./sandbox/fixtures/ids.js";
export type { KeyScope } from "./sandbox/http/auth.js";
export { checkSandboxAnswer } from "./sandbox/http/self-check.js";
export { createSandbox, type RunningSandbox, type SandboxOptions, startSandbox } from "./sandbox/server.js";
export type { SandboxState } from "./sandbox/state.js";
