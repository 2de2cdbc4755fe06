import { messageOf } from "../../error-message.js";
import { stringifyJson } from "../exact-json.js";
import type { Store } from "../store.js";
import { StoreUnavailable } from "../store-unavailable.js";
import type { Tenant } from "../tenants/registry.js";
import {
  type CommitBatch,
  type CommitOutcome,
  DEFAULT_TENANT_ID,
  type StateBackend,
  type TenantRow,
} from "./backend.js";
import { mergeBatches } from "./merge-batches.js";
import { giveBackChanges, type StoreChanges, takeChanges } from "./store-changes.js";

/**
 * Collects what the stores changed and commits it through a {@link StateBackend}: each commit takes every
 * pending change (the caller's store, stores changed since by reads that settled tasks, tenants created or
 * evicted) as JSON text at once, so later requests cannot leak into it, and writes it in one transaction.
 */
export class Durability {
  private readonly ids = new Map<Store, string>();
  private readonly pending = new Set<Store>();
  private readonly newRecords = new Map<Store, TenantRow>();
  private evicted: string[] = [];

  constructor(readonly backend: StateBackend) {}

  /** Follows a store from now on; `record` when it is a tenant not yet stored. */
  attach(store: Store, id: string, record?: TenantRow): void {
    this.ids.set(store, id);
    store.onDirty = (changed) => this.pending.add(changed);
    if (record) {
      this.newRecords.set(store, record);
      this.pending.add(store);
    }
  }

  attachTenant(tenant: Tenant, isNew: boolean): void {
    const id = tenant.isDefault ? DEFAULT_TENANT_ID : String(tenant.store.idSeed);
    this.attach(
      tenant.store,
      id,
      isNew ? { keys: tenant.record.keys, createdAtMs: tenant.record.createdAtMs } : undefined,
    );
  }

  /** The backend's id of a followed store. */
  idOf(store: Store): string | undefined {
    return this.ids.get(store);
  }

  /** Stops following a store and drops its tenant from the backend with the next commit. */
  evict(store: Store): void {
    const id = this.ids.get(store);
    if (id === undefined) return;
    this.forget(store);
    this.evicted.push(id);
  }

  /** Stops following a store (its tenant is gone from the backend already). */
  forget(store: Store): void {
    this.ids.delete(store);
    this.pending.delete(store);
    this.newRecords.delete(store);
    store.onDirty = undefined;
  }

  /**
   * Commits everything pending (and `store`'s meta: clock and faults change without rows). When the backend
   * fails, what this commit took is pending again (the next commit writes it, as the stores hold it then), and
   * the promise rejects with {@link StoreUnavailable}.
   */
  async commit(store?: Store): Promise<void> {
    await this.write([this.take(store)]);
  }

  /** Takes everything pending now (and `store`'s meta) as JSON text, for {@link write}. */
  take(store?: Store): TakenChanges {
    return this.takeWhere(store, () => true);
  }

  /**
   * Takes what a write of `store` left, as JSON text, for {@link write}: its changes and meta, the tenants
   * created and evicted since. Other stores' changes stay pending (they are not written under its lock).
   */
  takeOwn(store: Store): TakenChanges {
    return this.takeWhere(store, (changed) => changed === store || this.newRecords.has(changed));
  }

  /**
   * Takes the tenants created since the last take (records, changes, meta) and the evictions, for {@link write};
   * undefined when there are none. Every other store's changes stay pending.
   */
  takeCreated(): TakenChanges | undefined {
    if (this.newRecords.size === 0 && this.evicted.length === 0) return undefined;
    return this.takeWhere(undefined, (changed) => this.newRecords.has(changed));
  }

  private takeWhere(store: Store | undefined, taking: (changed: Store) => boolean): TakenChanges {
    if (store && this.ids.has(store)) this.pending.add(store);
    const batch: CommitBatch = { tenants: [], evicted: this.evicted };
    const taken: TakenChanges["taken"] = [];
    for (const changed of this.pending) {
      const id = this.ids.get(changed);
      if (id !== undefined && !taking(changed)) continue;
      this.pending.delete(changed);
      if (id === undefined) continue;
      const changes = takeChanges(changed);
      const record = this.newRecords.get(changed);
      taken.push({ store: changed, changes, record });
      batch.tenants.push({
        id,
        ...(record ? { record } : {}),
        reset: changes.reset,
        meta: JSON.stringify(changes.meta),
        rows: changes.rows.map((row) => ({
          kind: row.kind,
          id: row.id,
          json: stringifyJson(row.value),
        })),
      });
    }
    for (const { store: changed } of taken) this.newRecords.delete(changed);
    this.evicted = [];
    return { batch, taken };
  }

  /**
   * Writes takes, in the order they were taken, in one transaction: the backend's, or `through` (a tenant's
   * locked transaction). Resolves to the new tenants the backend refused (no longer followed; their creators
   * answer 429). When the backend fails, every take is pending again (a write group then rolls its store back,
   * so the next commit writes the state from before) and the promise rejects with {@link StoreUnavailable}.
   */
  async write(
    takes: TakenChanges[],
    through: (batch: CommitBatch) => Promise<CommitOutcome> = (batch) => this.backend.commit(batch),
  ): Promise<{ store: Store; retryAfterMs: number }[]> {
    let outcome: CommitOutcome;
    try {
      outcome = await through(mergeBatches(takes.map((t) => t.batch)));
    } catch (error) {
      for (const { store: changed, changes, record } of takes.flatMap((t) => t.taken)) {
        if (!this.ids.has(changed)) continue;
        giveBackChanges(changed, changes);
        if (record) this.newRecords.set(changed, record);
        this.pending.add(changed);
      }
      for (const take of takes) this.evicted.push(...take.batch.evicted);
      throw error instanceof StoreUnavailable
        ? error
        : new StoreUnavailable(`The ${this.backend.name} commit failed: ${messageOf(error)}`, {
            cause: error,
          });
    }
    const refused: { store: Store; retryAfterMs: number }[] = [];
    for (const { id, retryAfterMs } of outcome.refused) {
      const store = takes.flatMap((t) => t.taken).find((t) => this.ids.get(t.store) === id)?.store;
      if (!store) continue;
      this.forget(store);
      refused.push({ store, retryAfterMs });
    }
    return refused;
  }
}

/** What one {@link Durability.take} took: the batch, and each store's changes to give back if the write fails. */
export interface TakenChanges {
  batch: CommitBatch;
  taken: { store: Store; changes: StoreChanges; record: TenantRow | undefined }[];
}
