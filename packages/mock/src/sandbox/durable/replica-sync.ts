import type { CatchUpCall } from "../http/pipeline.js";
import type { Store } from "../store.js";
import type { StoreUnavailable } from "../store-unavailable.js";
import type { TenantKey, TenantRegistry } from "../tenants/registry.js";
import type { Durability } from "./durability.js";
import {
  type LockedTenant,
  type PostgresBackend,
  type TenantDelta,
  TOUCH_EVERY_MS,
} from "./postgres-backend.js";
import { type GroupLock, WriteGroups } from "./write-groups.js";

export interface ReplicaSyncOptions {
  backend: PostgresBackend;
  registry: TenantRegistry;
  durability: Durability;
  /** Makes a store for a tenant another replica created (seeded like every tenant, then caught up). */
  adoptTenant: (id: string, record: { keys: TenantKey[]; createdAtMs: number }) => Store;
}

/**
 * Lets several sandbox processes share one PostgreSQL database. Before a call runs, the caller's tenant is
 * brought up to date with the rows other replicas committed since (by their version); a write first locks
 * the tenant's row (`UPDATE … RETURNING`, which also marks it used), so writes to one tenant are serialised
 * across replicas and each reads the current rows, and its commit goes through that same transaction. The
 * writers of a tenant waiting in this process share one such transaction ({@link WriteGroups}). A tenant
 * gone from the store (another replica evicted it) is dropped here too, so its key fails everywhere.
 * Tasks need no timers: they end by their stored end time on the tenant's stored clock.
 */
export class ReplicaSync {
  private readonly synced = new Map<Store, number>();
  private readonly touched = new Map<Store, number>();
  private readonly groups: WriteGroups;

  constructor(private readonly options: ReplicaSyncOptions) {
    const { registry, durability } = options;
    this.groups = new WriteGroups({
      durability,
      lock: (store) => this.lock(store),
      refused: (store, retryAfterMs) => registry.refuse(store, retryAfterMs),
      lost: (store) => this.drop(store),
    });
  }

  /**
   * The key's tenant, loading it when another replica created it (one indexed lookup; an unknown key costs
   * nothing more). Undefined for an unknown key.
   */
  async resolve(key: string): Promise<Store | undefined> {
    const { registry, backend } = this.options;
    const known = registry.appFor(key);
    if (known) return known;
    const found = await backend.tenantByKey(key);
    if (!found) return undefined;
    // Another call may have adopted it while this one waited.
    return registry.appFor(key) ?? this.options.adoptTenant(found.id, found.record);
  }

  /**
   * The pipeline's replica catch-up stage: brings `app` up to date; a write waits for its turn in the
   * tenant's next write group, which holds the tenant's row lock across replicas; a read first waits for the
   * COMMIT of changes this process's group made. Resolves to the function
   * that ends what it took (call it once the call is done); rejects with {@link StoreUnavailable} when the
   * database cannot be reached.
   */
  async prepare(app: Store, call: CatchUpCall): Promise<() => Promise<void>> {
    const id = this.options.durability.idOf(app);
    if (id === undefined) return async () => undefined;
    if (!call.writes) {
      // A change of this process's own write group is not shown before its COMMIT.
      await this.groups.committed(app);
      await this.catchUp(app, id);
      this.touch(app, id);
      return async () => undefined;
    }
    return this.groups.enter(app, call);
  }

  /** The pipeline's commit stage: a write's change, committed with its group's; resolves once the COMMIT holds. */
  commit(app: Store): Promise<void> {
    return this.groups.commit(app) ?? this.options.durability.commit(app);
  }

  /** While this process's write group holds changes of `app` not yet committed: the end of their COMMIT. */
  uncommitted(app: Store): Promise<void> | undefined {
    return this.groups.committed(app);
  }

  /**
   * Locks a tenant's row for a write group and brings its store up to date under the lock. Once the group
   * committed, the store is up to date to the versions it wrote: the next catch-up does not read them back.
   */
  private async lock(store: Store): Promise<GroupLock | undefined> {
    const id = this.options.durability.idOf(store);
    if (id === undefined) return undefined;
    const locked = await this.options.backend.lock(id, this.synced.get(store) ?? 0);
    if (!locked) {
      this.drop(store);
      return undefined;
    }
    return this.hold(store, locked);
  }

  /** A write group's lock of `store`'s tenant; the store takes what other replicas committed before it. */
  private hold(store: Store, { lock, delta }: LockedTenant): GroupLock {
    this.touched.set(store, Date.now());
    this.apply(store, delta);
    return {
      commit: async (batch, lockNext) => {
        const { next, ...outcome } = await lock.commit(batch, lockNext);
        return next ? { ...outcome, next: this.hold(store, next) } : outcome;
      },
      release: async () => {
        await lock.release();
        const version = lock.committedVersion;
        if (version !== undefined && this.synced.has(store) && version > (this.synced.get(store) ?? 0)) {
          this.synced.set(store, version);
        }
      },
    };
  }

  private async catchUp(store: Store, id: string): Promise<void> {
    this.apply(store, await this.options.backend.delta(id, this.synced.get(store) ?? 0));
  }

  private apply(store: Store, delta: TenantDelta): void {
    if (delta.gone) {
      this.drop(store);
      return;
    }
    // A delta read before this process's own later commit is older than the store: only what is newer than
    // the store's version goes in (a tenant's versions grow in commit order: its writers hold its lock).
    const synced = this.synced.get(store) ?? 0;
    for (const row of delta.rows) if (row.version > synced) store.putRow(row.kind, row.value);
    if (delta.meta && delta.meta.version > synced) store.applyMeta(delta.meta.value);
    if (delta.version > synced) this.synced.set(store, delta.version);
  }

  /** Marks a tenant used in the store, at most every {@link TOUCH_EVERY_MS} (eviction waits that much longer). */
  private touch(store: Store, id: string): void {
    const now = Date.now();
    if (now - (this.touched.get(store) ?? 0) < TOUCH_EVERY_MS) return;
    this.touched.set(store, now);
    this.options.backend.touch(id).catch(() => this.touched.delete(store));
  }

  /** The tenant is gone from the store: it is gone here too (the default world is never evicted). */
  private drop(store: Store): void {
    const { registry, durability } = this.options;
    const tenant = registry.tenantOfStore(store);
    if (!tenant || tenant.isDefault) return;
    registry.drop(tenant);
    durability.forget(store);
    this.synced.delete(store);
    this.touched.delete(store);
  }
}
