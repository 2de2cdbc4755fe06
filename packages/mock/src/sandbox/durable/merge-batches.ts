import { itemAt } from "../../lists.js";
import type { CommitBatch, TenantChanges } from "./backend.js";

/**
 * Several batches taken one after another, as one batch with the same effect: per tenant the last meta and the
 * last value of each row; a reset drops the rows taken before it; a tenant evicted later loses what was taken
 * for it before. So a group of writes is committed with one statement per tenant.
 */
export function mergeBatches(batches: CommitBatch[]): CommitBatch {
  if (batches.length === 1) return itemAt(batches, 0);
  const tenants = new Map<
    string,
    { changes: TenantChanges; rows: Map<string, TenantChanges["rows"][number]> }
  >();
  const evicted: string[] = [];
  for (const batch of batches) {
    for (const id of batch.evicted) tenants.delete(id);
    evicted.push(...batch.evicted);
    for (const changes of batch.tenants) {
      let merged = tenants.get(changes.id);
      if (!merged) {
        merged = { changes: { id: changes.id, reset: false, meta: changes.meta, rows: [] }, rows: new Map() };
        tenants.set(changes.id, merged);
      }
      if (changes.reset) {
        merged.rows.clear();
        merged.changes.reset = true;
      }
      if (changes.record && !merged.changes.record) merged.changes.record = changes.record;
      merged.changes.meta = changes.meta;
      for (const row of changes.rows) merged.rows.set(`${row.kind}\u0000${row.id}`, row);
    }
  }
  return {
    tenants: [...tenants.values()].map(({ changes, rows }) => ({ ...changes, rows: [...rows.values()] })),
    evicted,
  };
}
