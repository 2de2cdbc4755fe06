import type { EntityKind, StoreMeta } from "../store.js";
import type { TenantKey } from "../tenants/registry.js";

/** The default world's id in a backend (the created tenants use their id seed). */
export const DEFAULT_TENANT_ID = "default";

/** What a backend keeps of a tenant besides its store: its keys, when it was made and its id seed. */
export interface TenantRow {
  keys: TenantKey[];
  createdAtMs: number;
}

/** One tenant's part of a commit. Values are JSON text, taken when the request ended. */
export interface TenantChanges {
  id: string;
  /** Written when the tenant is new. */
  record?: TenantRow;
  /** The store went back to its fixtures: every row of the tenant stored before goes. */
  reset: boolean;
  meta: string;
  rows: { kind: EntityKind; id: string; json: string }[];
}

/** Everything one request changed: committed in one transaction, all or nothing. */
export interface CommitBatch {
  tenants: TenantChanges[];
  /** Tenants evicted since the last commit: all their rows go. */
  evicted: string[];
}

/** A new tenant the store refused to hold: `--max-tenants` are held across every replica sharing it. */
export interface RefusedTenant {
  id: string;
  /** Until the least recently used tenant becomes idle (and may be evicted for a new one). */
  retryAfterMs: number;
}

/** What a commit did besides storing everything: the new tenants it refused (their rows were not written). */
export interface CommitOutcome {
  refused: RefusedTenant[];
}

/** A tenant as loaded at start: its record (none for the default world), meta and rows. */
export interface LoadedTenant {
  id: string;
  record?: TenantRow;
  meta?: StoreMeta;
  rows: { kind: EntityKind; value: unknown }[];
}

/**
 * Where the sandbox's state lives beyond the process. The working set stays in memory (the {@link Store}s);
 * a backend loads everything at start and commits each request's changed rows before its answer is sent.
 */
export interface StateBackend {
  readonly name: string;
  load(): Promise<LoadedTenant[]>;
  commit(batch: CommitBatch): Promise<CommitOutcome>;
  close(): Promise<void>;
}
