// What a store was when a group of writes began (durable/write-groups.ts), to roll them back when their
// commit fails: the entities and every service's part (a reset replaces them whole), the row each entity
// changed since had before (undefined: it did not exist), the meta and whether a reset was pending.
import { type EntityKind, restoreRow, rowOf, watchChanges } from "../entities.js";
import { cloneJson } from "../exact-json.js";
import { getOrAdd } from "../indexes/get-or-add.js";
import { partOfKind, partsOf } from "../services/services.js";
import type { Store } from "../store.js";

export class WriteJournal {
  private readonly entities: Store["entities"];
  /** Puts every service's part back as it was. */
  private readonly restoreParts: (() => void)[];
  private readonly rows = new Map<EntityKind, Map<string, unknown>>();
  private readonly meta: ReturnType<Store["meta"]>;
  private readonly wasReset: boolean;
  private open = true;

  /**
   * Keeps what `store` is now until {@link keep} or {@link rollBack}: the writes of a commit group run
   * meanwhile, and each entity they change is kept as it was first. `onChange` is told before the first
   * entity changes.
   */
  constructor(
    private readonly store: Store,
    onChange?: () => void,
  ) {
    this.entities = store.entities;
    this.restoreParts = partsOf(store.parts).map((part) => part.checkpoint());
    this.meta = cloneJson(store.meta());
    this.wasReset = store.resetPending;
    watchChanges(this.entities, (kind, id) => {
      const kept = getOrAdd(this.rows, kind, () => new Map<string, unknown>());
      if (kept.has(id)) return;
      onChange?.();
      kept.set(id, cloneJson(rowOf(this.entities, kind, id, partOfKind(store.parts, kind))));
    });
  }

  /** The writes since the journal began are committed: nothing more is kept. */
  keep(): void {
    watchChanges(this.entities, undefined);
    this.open = false;
  }

  /**
   * Their commit failed: the store is back as it was when the journal began (entities, services' parts,
   * counters, ids, clock and faults). Each entity put back stays recorded, so the next commit writes it as it
   * is now. A no-op once kept.
   */
  rollBack(): void {
    if (!this.open) return;
    this.keep();
    const { store } = this;
    if (store.entities !== this.entities) {
      store.entities = this.entities;
      for (const restore of this.restoreParts) restore();
    }
    for (const [kind, rows] of this.rows) {
      const part = partOfKind(store.parts, kind);
      for (const [id, row] of rows) restoreRow(store.entities, kind, id, row, part);
    }
    store.applyMeta(this.meta);
    store.resetPending = this.wasReset;
  }
}
