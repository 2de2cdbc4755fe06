import { ENTITY_KINDS, rowsOfLists } from "../entities.js";
import { cloneJson } from "../exact-json.js";
import {
  COUNTER_NAMES,
  COUNTER_STARTS,
  type Counters,
  KIND_OWNERS,
  SNAPSHOT_SECTIONS,
} from "../services/services.js";
import type { Store } from "../store.js";
import type { SnapshotDocument } from "./format.js";

/**
 * Replaces the store's world with a checked snapshot's (see ./check.ts), in one step: its entities with no
 * fixture beside them, its clock showing the snapshot's time again, what each service added (each pending
 * task ending after its remaining time) and its counters (each kept above every id of its kind); what the
 * store's meta part kept goes (the tenant arms the snapshot's faults and overrides anew, see ./armed.ts). The
 * store keeps its own id generator.
 */
export function loadSnapshot(store: Store, doc: SnapshotDocument): void {
  const now = Date.parse(doc.clock.now);
  const contexts = new Map(
    SNAPSHOT_SECTIONS.map(({ service, section }) => [service, section.rowContext(doc, now)]),
  );
  const entities = cloneJson(doc.entities);
  store.replaceWith(
    {
      random: store.random.state,
      clock: store.clock.showing(doc.clock.mode, now),
      ...countersOf(doc),
    },
    rowsOfLists(entities, (kind) => {
      const owner = KIND_OWNERS.get(kind);
      return owner && contexts.get(owner.service);
    }),
  );
}

/** The snapshot's counters, each above every id of the kind it numbers. */
function countersOf(doc: SnapshotDocument): Counters {
  const counters: Counters = { ...COUNTER_STARTS, ...doc.counters };
  for (const kind of ENTITY_KINDS) {
    const declaration = KIND_OWNERS.get(kind)?.declaration;
    const name = COUNTER_NAMES.find((counter) => counter === declaration?.counter);
    if (declaration === undefined || name === undefined) continue;
    const highest = Math.max(
      0,
      ...(doc.entities[kind] ?? []).map((value) => Number(declaration.idOf(value))),
    );
    if (counters[name] <= highest) counters[name] = highest + 1;
  }
  return counters;
}
