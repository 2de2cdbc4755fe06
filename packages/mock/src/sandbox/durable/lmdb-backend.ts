import { open, type RootDatabase } from "lmdb";
import { getOrAdd } from "../indexes/get-or-add.js";
import type { EntityKind, StoreMeta } from "../store.js";
import type { CommitBatch, LoadedTenant, StateBackend, TenantRow } from "./backend.js";

// Keys: [tenant, "meta"], [tenant, "record"], [tenant, "row", kind, id]; values are JSON text.
type Key = [string, "meta"] | [string, "record"] | [string, "row", EntityKind, string];

/**
 * The embedded durable backend (`--data-dir`): LMDB through `lmdb`. Each commit is one write transaction,
 * flushed to disk before its promise resolves (`overlappingSync` off), so an acknowledged change survives a
 * crash of the process or of the machine, and a transaction is applied whole or not at all.
 */
export class LmdbBackend implements StateBackend {
  readonly name = "lmdb";
  private readonly db: RootDatabase<string, Key>;

  constructor(dir: string) {
    this.db = open<string, Key>({ path: dir, encoding: "string", overlappingSync: false, noSync: false });
  }

  async load(): Promise<LoadedTenant[]> {
    const tenants = new Map<string, LoadedTenant>();
    for (const { key, value } of this.db.getRange()) {
      const [id, part, kind] = key;
      const tenant = getOrAdd(tenants, id, (): LoadedTenant => ({ id, rows: [] }));
      if (part === "meta") tenant.meta = JSON.parse(value) as StoreMeta;
      else if (part === "record") tenant.record = JSON.parse(value) as TenantRow;
      else if (kind) tenant.rows.push({ kind, value: JSON.parse(value) });
    }
    return [...tenants.values()];
  }

  commit(batch: CommitBatch): Promise<void> {
    return this.db.transaction(() => {
      for (const id of batch.evicted) this.removeRange([id], [id, "\uffff"]);
      for (const tenant of batch.tenants) {
        if (tenant.reset) this.removeRange([tenant.id, "row"], [tenant.id, "row", "\uffff"]);
        if (tenant.record) this.db.put([tenant.id, "record"], JSON.stringify(tenant.record));
        this.db.put([tenant.id, "meta"], tenant.meta);
        for (const row of tenant.rows) this.db.put([tenant.id, "row", row.kind, row.id], row.json);
      }
    }) as Promise<void>;
  }

  private removeRange(start: unknown[], end: unknown[]): void {
    for (const key of this.db.getKeys({ start: start as Key, end: end as Key })) this.db.remove(key);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
