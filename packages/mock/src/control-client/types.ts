// The shapes of the control API (packages/mock/control/openapi.yaml), for the typed helper. The sandbox checks
// every request against that file and, in this package's tests, every answer too, so these cannot drift far.
import type { TenantIds } from "../sandbox/control/ids.js";

export type { TenantIds };

export interface ScopedKey {
  api_key: string;
  projects?: number[];
  resellers?: number[];
}

/** What `POST /__sandbox/tenants` answers. */
export interface TenantInfo {
  api_key: string;
  scoped_api_keys: ScopedKey[];
  ids: TenantIds;
  idle_timeout_ms: number;
}

export interface ClockInfo {
  mode: "real" | "manual";
  /** The time the tenant's clock shows (ISO 8601). */
  now: string;
}

export type TaskCompletion = { state: "FINISHED" } | { state: "ERROR"; error: string };

interface FaultCommon {
  /** The operationId whose calls get the fault. */
  operation_id: string;
  /** How many calls get it (default 1). */
  times?: number;
}

/** What `POST /__sandbox/faults` takes. */
export type FaultRequest =
  | (FaultCommon & { kind: "status"; status: number; retry_after_s?: number; delay_ms?: number })
  | (FaultCommon & { kind: "reset"; delay_ms?: number })
  | (FaultCommon & { kind: "slow_body"; delay_ms: number });

export interface Fault {
  id: string;
  operation_id: string;
  kind: FaultRequest["kind"];
  /** Calls it will still spoil. */
  times: number;
  status?: number;
  retry_after_s?: number;
  delay_ms: number;
}
