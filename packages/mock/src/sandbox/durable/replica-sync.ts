import type { IncomingMessage, ServerResponse } from "node:http";
import type { PoolClient } from "pg";
import type { ApiHandler } from "../http/api-handler.js";
import { parseApiKey } from "../http/auth.js";
import type { Store } from "../store.js";
import type { TenantKey, TenantRegistry } from "../tenants/registry.js";
import type { Durability } from "./durability.js";
import type { PostgresBackend } from "./postgres-backend.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface ReplicaSyncOptions {
  backend: PostgresBackend;
  registry: TenantRegistry;
  durability: Durability;
  /** Makes a store for a tenant another replica created (seeded like every tenant, then caught up). */
  adoptTenant: (id: string, record: { keys: TenantKey[]; createdAtMs: number }) => Store;
}

/**
 * Lets several sandbox processes share one PostgreSQL database. Before a request runs, the caller's tenant
 * is brought up to date with the rows other replicas committed since (by their version); a write first
 * locks the tenant's row (`SELECT … FOR UPDATE`), so writes to one tenant are serialised across replicas and
 * each reads the current rows, and its commit goes through that same transaction. Tasks need no timers:
 * they end by their stored end time on the tenant's stored clock, whichever replica reads them.
 */
export class ReplicaSync {
  private readonly synced = new Map<Store, number>();

  constructor(private readonly options: ReplicaSyncOptions) {}

  /** The handler, run once the caller's tenant is current (and locked, for a write). */
  wrap(handler: ApiHandler): ApiHandler {
    const wrapped = (req: IncomingMessage, res: ServerResponse) => {
      this.prepare(req, res).then(
        (proceed) => {
          if (proceed) handler(req, res);
        },
        (error: unknown) => {
          req.resume();
          res.writeHead(503, { "Content-Type": "application/json" });
          res.end(
            JSON.stringify({
              message: `The database could not be reached: ${(error as Error).message}`,
              exception_class: "DatabaseUnavailable",
            }),
          );
        },
      );
    };
    return Object.assign(wrapped, { operations: handler.operations });
  }

  /** Catches the caller's tenant up (and locks it for a write); false when the client left meanwhile. */
  private async prepare(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const key = parseApiKey(req.headers.authorization);
    if (!key) return true;
    const { registry, durability, backend } = this.options;
    let tenant = registry.tenantOf(key);
    if (!tenant) {
      await this.adoptNewTenants();
      tenant = registry.tenantOf(key);
      if (!tenant) return true;
    }
    const id = durability.idOf(tenant.store);
    if (id === undefined) return true;
    if (SAFE_METHODS.has(req.method ?? "GET")) {
      await this.catchUp(tenant.store, id);
      return true;
    }
    const lock = await backend.lock(id);
    // The lock is given back when the answer is done (or the client is gone), whether or not it committed.
    if (res.closed) {
      await lock.release();
      return false;
    }
    res.once("close", () => void lock.release());
    try {
      await this.catchUp(tenant.store, id, lock.client);
    } catch (error) {
      await lock.release();
      throw error;
    }
    return !res.closed;
  }

  private async catchUp(store: Store, id: string, client?: PoolClient): Promise<void> {
    const since = this.synced.get(store) ?? 0;
    const delta = await this.options.backend.delta(id, since, client);
    for (const row of delta.rows) store.putRow(row.kind, row.value);
    if (delta.meta) store.applyMeta(delta.meta);
    if (delta.version > (this.synced.get(store) ?? 0)) this.synced.set(store, delta.version);
  }

  private async adoptNewTenants(): Promise<void> {
    const { registry, backend } = this.options;
    for (const { id, record } of await backend.tenantRecords()) {
      const known = record.keys[0] && registry.tenantOf(record.keys[0].api_key);
      if (!known) this.options.adoptTenant(id, record);
    }
  }
}
