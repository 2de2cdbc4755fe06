// What handlers of several services share: the per-tenant room check and moving timestamps.
import { badRequest } from "../http/api-error.js";
import type { EntityKind, Store } from "../store.js";

/** 400 unless the caller's store has room for `adding` more entities of each kind named (nothing is changed yet). */
export function assertRoom(store: Store, adding: Partial<Record<EntityKind, number>>): void {
  for (const [kind, count] of Object.entries(adding) as [EntityKind, number][]) {
    if (!store.hasRoom(kind, count)) {
      throw badRequest(
        `The sandbox holds at most ${store.maxObjectsPerCollection} ${kind} per tenant; delete some or reset the tenant.`,
      );
    }
  }
}

/** An ISO timestamp strictly later than `previous` (so that `updated_at` always moves). */
export function laterThan(store: Store, previous: string | undefined): string {
  const now = store.now();
  const last = previous ? Date.parse(previous) : 0;
  return new Date(Math.max(now, last + 1)).toISOString();
}
