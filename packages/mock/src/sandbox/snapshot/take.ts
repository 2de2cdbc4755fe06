import { listEntities } from "../entities.js";
import { cloneJson } from "../exact-json.js";
import type { Store } from "../store.js";
import { type PendingTask, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SnapshotDocument } from "./format.js";

/**
 * The store's world as a snapshot: its entities (tasks whose time has come ended first), its clock, how long
 * each planned task still runs and how it ends, its counters, and its armed faults and overrides. The journal
 * is not part of it.
 */
export function takeSnapshot(store: Store): SnapshotDocument {
  const { scheduler } = store.cloud;
  scheduler.settle();
  const now = store.now();
  const pending: PendingTask[] = [...scheduler.state.plans].map(([task_id, plan]) => ({
    task_id,
    remaining_ms: Math.max(0, plan.finishAt - now),
    outcome: plan.outcome,
  }));
  return cloneJson({
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    seed: store.seed,
    clock: { mode: store.clock.state.mode, now: new Date(now).toISOString() },
    entities: listEntities(store.entities),
    pending_tasks: pending,
    counters: { ...store.counters },
    faults: store.faults,
    overrides: store.overrides,
  });
}
