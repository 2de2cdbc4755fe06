// The snapshot document: a tenant's whole world as one versioned JSON value (the control API's
// `GET`/`PUT /__sandbox/snapshot`, `--seed-file`, `createSandbox({ seed })`).
import type { EntityKind, EntityOf } from "../entities.js";
import type { FaultRule } from "../faults/fault.js";
import type { OverrideRule } from "../overrides/override.js";
import type { Counters, SnapshotSections } from "../services/services.js";

/** What a snapshot says it is, so that another JSON file is not taken for one. */
export const SNAPSHOT_FORMAT = "cloud-contract-sandbox-snapshot";
/** The version this sandbox writes. */
export const SNAPSHOT_VERSION = 1;
/** The versions this sandbox reads. */
export const READABLE_VERSIONS: readonly number[] = [1];

/** The snapshot document: what every tenant has, and what each service adds (see `SnapshotSection`). */
export type SnapshotDocument = TenantSnapshot & SnapshotSections;

interface TenantSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  /** The seed of the plan-contents catalogue: the world was made with it, and loads only into a sandbox of it. */
  seed: number | string;
  /** The tenant's clock: its mode and the time it showed (it shows that time again once loaded). */
  clock: { mode: "real" | "manual"; now: string };
  /** Every entity by kind, each in the shape the API answers it in; a kind left out holds none. */
  entities: { [K in EntityKind]?: EntityOf<K>[] };
  /** Id counters by name; one left out starts above every id of its kind. */
  counters?: Partial<Counters>;
  /** Faults armed for the next calls, as the control API lists them (armed anew on load, their counts from 0). */
  faults?: FaultRule[];
  /** Overrides armed for the next calls, as the control API lists them (armed anew on load). */
  overrides?: OverrideRule[];
}
