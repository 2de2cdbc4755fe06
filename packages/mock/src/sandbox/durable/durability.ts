import type { Store } from "../store.js";
import type { Tenant } from "../tenants/registry.js";
import { type CommitBatch, DEFAULT_TENANT_ID, type StateBackend, type TenantRow } from "./backend.js";

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

  evict(store: Store): void {
    const id = this.ids.get(store);
    if (id === undefined) return;
    this.ids.delete(store);
    this.pending.delete(store);
    this.newRecords.delete(store);
    store.onDirty = undefined;
    this.evicted.push(id);
  }

  /** Commits everything pending (and `store`'s meta: clock and faults change without rows). */
  commit(store?: Store): Promise<void> {
    if (store && this.ids.has(store)) this.pending.add(store);
    const batch: CommitBatch = { tenants: [], evicted: this.evicted };
    for (const changed of this.pending) {
      const id = this.ids.get(changed);
      if (id === undefined) continue;
      const { reset, rows, meta } = changed.takeChanges();
      const record = this.newRecords.get(changed);
      batch.tenants.push({
        id,
        ...(record ? { record } : {}),
        reset,
        meta: JSON.stringify(meta),
        rows: rows.map((row) => ({ kind: row.kind, id: row.id, json: JSON.stringify(row.value) })),
      });
    }
    this.pending.clear();
    this.newRecords.clear();
    this.evicted = [];
    return this.backend.commit(batch);
  }
}
