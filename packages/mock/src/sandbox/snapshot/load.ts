import { ENTITY_KINDS, type EntityKind, rowsOfLists } from "../entities.js";
import { cloneJson } from "../exact-json.js";
import type { TaskPlan } from "../services/cloud/shapes.js";
import type { AnyEntityKindDeclaration } from "../services/entity-kind.js";
import { COUNTER_STARTS, type Counters, ENTITIES } from "../services/services.js";
import type { Store } from "../store.js";
import type { Armed } from "./armed.js";
import type { SnapshotDocument } from "./format.js";

/**
 * Replaces the store's world with a checked snapshot's (see ./check.ts), in one step: its entities with no
 * fixture beside them, its clock showing the snapshot's time again, each pending task ending after its
 * remaining time, its counters (each kept above every id of its kind), and `armed` (the snapshot's faults and
 * overrides armed anew, see ./armed.ts; none when left out). The store keeps its own id generator.
 */
export function loadSnapshot(store: Store, doc: SnapshotDocument, armed?: Armed): void {
  const now = Date.parse(doc.clock.now);
  const plans = new Map<string, TaskPlan>(
    (doc.pending_tasks ?? []).map((p) => [p.task_id, { finishAt: now + p.remaining_ms, outcome: p.outcome }]),
  );
  const entities = cloneJson(doc.entities);
  store.replaceWith(
    {
      random: store.random.state,
      clock: store.clock.showing(doc.clock.mode, now),
      faults: cloneJson(armed?.faults ?? []),
      overrides: cloneJson(armed?.overrides ?? []),
      ...countersOf(doc),
    },
    rowsOfLists(entities, (id) => plans.get(id)),
  );
}

/** The snapshot's counters, each above every id of the kind it numbers. */
function countersOf(doc: SnapshotDocument): Counters {
  const counters: Counters = { ...COUNTER_STARTS, ...doc.counters };
  for (const kind of ENTITY_KINDS as EntityKind[]) {
    const declaration = ENTITIES[kind] as unknown as AnyEntityKindDeclaration;
    const name = declaration.counter as keyof Counters | undefined;
    if (name === undefined) continue;
    const highest = Math.max(
      0,
      ...(doc.entities[kind] ?? []).map((value) => Number(declaration.idOf(value))),
    );
    if (counters[name] <= highest) counters[name] = highest + 1;
  }
  return counters;
}
