import { listEntities } from "../entities.js";
import { cloneJson } from "../exact-json.js";
import { SNAPSHOT_SECTIONS } from "../services/services.js";
import type { Store } from "../store.js";
import type { ArmedMeta } from "../tenants/armed-rules.js";
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SnapshotDocument } from "./format.js";

/**
 * The store's world as a snapshot: its entities (settled first: tasks whose time has come ended), its clock,
 * what each service adds from its part (how long each planned task still runs and how it ends), its counters,
 * and the tenant's `armed` faults and overrides. The journal is not part of it.
 */
export function takeSnapshot(store: Store, armed: ArmedMeta): SnapshotDocument {
  store.settle();
  const now = store.now();
  const sections = SNAPSHOT_SECTIONS.map(({ service, section }) => section.take(store.parts[service], now));
  return cloneJson({
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    seed: store.seed,
    clock: { mode: store.clock.state.mode, now: new Date(now).toISOString() },
    entities: listEntities(store.entities),
    ...Object.assign({}, ...sections),
    counters: { ...store.counters },
    faults: armed.faults,
    overrides: armed.overrides,
  });
}
