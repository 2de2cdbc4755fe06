// What a durable backend takes from a store to commit: its changed entities as rows, whether it went back to its
// fixtures, and its meta; and what it gives back when the commit fails.
import { type EntityKind, recordRow, rowOf, takeRecorded } from "../entities.js";
import { partOfKind } from "../services/services.js";
import type { Store, StoreMeta } from "../store.js";

/**
 * What changed since the last {@link takeChanges}: `reset` when the store went back to its fixtures (every
 * earlier row is void), and the entities changed since, as rows.
 */
export interface StoreChanges {
  reset: boolean;
  rows: { kind: EntityKind; id: string; value: unknown }[];
  meta: StoreMeta;
}

/** The store's changes since the last call (see {@link StoreChanges}), and forgets them. */
export function takeChanges(store: Store): StoreChanges {
  const rows: StoreChanges["rows"] = [];
  for (const { kind, id } of takeRecorded(store.entities)) {
    const value = rowOf(store.entities, kind, id, partOfKind(store.parts, kind));
    if (value !== undefined) rows.push({ kind, id, value });
  }
  const changes: StoreChanges = { reset: store.resetPending, rows, meta: store.meta() };
  store.resetPending = false;
  return changes;
}

/** Puts back changes a failed commit took: they are written with the next commit, as the store holds them then. */
export function giveBackChanges(store: Store, changes: StoreChanges): void {
  for (const row of changes.rows) recordRow(store.entities, row.kind, row.id);
  store.resetPending ||= changes.reset;
}
