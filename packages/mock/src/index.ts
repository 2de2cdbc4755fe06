export { bundlePath } from "@cloud-contract/spec/document";
export type { OverrideBody, OverrideStatus, TypedOverride } from "./control-client/override-types.js";
export {
  connectSandbox,
  type SandboxControl,
  SandboxControlError,
  type SandboxControlOptions,
  type SandboxTenant,
  SandboxUnreachableError,
  type TenantControl,
} from "./control-client/sandbox-control.js";
export type {
  ClockInfo,
  Fault,
  FaultRequest,
  JournalEntry,
  Override,
  OverrideRequest,
  RateLimitsInfo,
  ScopedKey,
  TaskCompletion,
  TenantIds,
  TenantInfo,
} from "./control-client/types.js";
export {
  type PrismLogLevel,
  type PrismOptions,
  prismEntry,
  type RunningPrism,
  type RunningServer,
  startPrism,
} from "./prism.js";
export { atProcessEnd } from "./process/at-process-end.js";
export { findFreePort } from "./process/free-port.js";
export { TENANT_DEFAULTS } from "./sandbox/compose.js";
export { controlSpecPath } from "./sandbox/control/control-spec-path.js";
export { SANDBOX_API_KEY, SANDBOX_FIXTURES } from "./sandbox/fixtures/ids.js";
export type { KeyScope } from "./sandbox/http/auth.js";
export { checkSandboxAnswer } from "./sandbox/http/self-check.js";
export {
  createSandbox,
  type InProcessSandbox,
  type InProcessSandboxOptions,
} from "./sandbox/in-process.js";
export { type RunningSandbox, type SandboxOptions, startSandbox } from "./sandbox/server.js";
export type { PendingTask } from "./sandbox/services/cloud/snapshot-section.js";
export type { SnapshotProblem } from "./sandbox/snapshot/check.js";
export type { SnapshotDocument } from "./sandbox/snapshot/format.js";
export { SeedRefused } from "./sandbox/snapshot/refusal.js";
export type { SandboxState } from "./sandbox/state.js";
