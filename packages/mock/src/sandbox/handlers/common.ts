// What handlers of several services share: the per-tenant room check and moving timestamps.
import { badRequest } from "../http/api-error.js";

/** What the room check needs of a tenant. */
interface Room {
  readonly maxObjectsPerCollection: number;
  hasRoom(kind: string, adding: number): boolean;
}

/** 400 unless the caller's tenant has room for `adding` more entities of each kind named (nothing is changed yet). */
export function assertRoom(store: Room, adding: Record<string, number>): void {
  for (const [kind, count] of Object.entries(adding)) {
    if (!store.hasRoom(kind, count)) {
      throw badRequest(
        `The sandbox holds at most ${store.maxObjectsPerCollection} ${kind} per tenant; delete some or reset the tenant.`,
      );
    }
  }
}

/** An ISO timestamp strictly later than `previous` (so that `updated_at` always moves). */
export function laterThan(store: { now(): number }, previous: string | undefined): string {
  const now = store.now();
  const last = previous ? Date.parse(previous) : 0;
  return new Date(Math.max(now, last + 1)).toISOString();
}
