import { type ClockState, realClock, TenantClock } from "./clock/clock.js";
import {
  ENTITY_KINDS,
  type Entities,
  type EntityKind,
  listEntities,
  openEntities,
  putRows,
  recordRow,
  restoreRow,
  rowOf,
  watchChanges,
} from "./entities.js";
import { cloneJson } from "./exact-json.js";
import type { FaultRule } from "./faults/fault.js";
import { getOrAdd } from "./indexes/get-or-add.js";
import type { OverrideRule } from "./overrides/override.js";
import { Random } from "./random.js";
import { type ScheduledTasks, type TaskCompletion, TaskScheduler } from "./services/cloud/task-scheduler.js";
import {
  COUNTER_NAMES,
  COUNTER_STARTS,
  type Counters,
  listReference,
  type Reference,
  referenceOf,
} from "./services/services.js";
import type { SandboxState } from "./state.js";

export { ENTITY_KINDS, type EntityKind } from "./entities.js";
export type { TaskCompletion } from "./services/cloud/task-scheduler.js";

export interface StoreOptions {
  /** Seed of the generated ids and of the plan-contents catalogue (default 1). */
  seed?: number | string;
  /** Seed of the generated ids only (default: `seed`); tenants get their own so that their ids differ. */
  idSeed?: number | string;
  /** How long a new task runs before it finishes (ms, default 200). */
  taskDelayMs?: number;
  /** The base clock, in ms (tests may replace it); the store's clock runs on it (see {@link TenantClock}). */
  now?: () => number;
  /** Most user tags one security group holds (default {@link DEFAULT_MAX_TAGS_PER_GROUP}). */
  maxTagsPerGroup?: number;
  /** Most entities of one kind (tasks, instances, ports, settings…) a store holds (default {@link DEFAULT_MAX_OBJECTS}). */
  maxObjectsPerCollection?: number;
}

/** The default most entities of one kind per store; a call that would add more is a 400 (the operations say so). */
export const DEFAULT_MAX_OBJECTS = 10_000;

/** The default most user tags per security group; a change beyond it is a 400 (the operation says so). */
export const DEFAULT_MAX_TAGS_PER_GROUP = 1_000;

/**
 * What a store holds besides its entities (one small record per tenant): the id generator, the clock, the
 * faults, and every service's counters by name.
 */
export type StoreMeta = {
  random: number[];
  clock: ClockState;
  faults: FaultRule[];
  /** Absent in what was stored before overrides existed. */
  overrides?: OverrideRule[];
} & Counters;

/**
 * What changed since the last {@link Store.takeChanges}: `reset` when the store went back to its fixtures
 * (every earlier row is void), and the entities changed since, as rows.
 */
export interface StoreChanges {
  reset: boolean;
  rows: { kind: EntityKind; id: string; value: unknown }[];
  meta: StoreMeta;
}

/**
 * What a store was when a group of writes began, to roll them back when their commit fails: the entities and
 * the scheduled tasks (a reset replaces them whole), and the row each entity changed since had before
 * (undefined: it did not exist).
 */
interface WriteJournal {
  entities: Entities;
  scheduled: ScheduledTasks;
  rows: Map<EntityKind, Map<string, unknown>>;
  meta: StoreMeta;
  wasReset: boolean;
}

/**
 * A tenant's state: every service's reference data, entities and counters (see `services/`), the tasks'
 * scheduler, the clock and the faults. A tenant's writes run one after another (the pipeline's write turns),
 * and a handler that works in turns of the event loop stores its result in one step at its end, so every
 * change here is atomic with respect to other requests; reads see the state before or after a write, never
 * half of it.
 */
export class Store {
  readonly seed: number | string;
  readonly idSeed: number | string;
  readonly taskDelayMs: number;
  readonly maxTagsPerGroup: number;
  readonly maxObjectsPerCollection: number;
  /** The store's clock: real time unless switched to manual mode (see `clock`). */
  readonly now: () => number;
  readonly clock: TenantClock;

  random!: Random;
  /** Every service's reference data: the same for every tenant and never changed by a request. */
  readonly reference: Reference;
  /** The entities a request can change, one collection per declared kind. */
  entities!: Entities;
  /** Every service's id counters, by name. */
  counters!: Counters;
  /** Faults armed for the next calls, oldest first. */
  faults!: FaultRule[];
  /** Answers chosen for the next calls, oldest first. */
  overrides!: OverrideRule[];
  /** Starts the tasks and ends them when their time comes. */
  readonly scheduler = new TaskScheduler(this);
  private wasReset = false;
  private journal: WriteJournal | undefined;
  /** Called when the store has changes to take (a durable backend collects them). */
  onDirty: ((store: Store) => void) | undefined;

  constructor(options: StoreOptions = {}) {
    this.seed = options.seed ?? 1;
    this.idSeed = options.idSeed ?? this.seed;
    this.taskDelayMs = options.taskDelayMs ?? 200;
    this.maxTagsPerGroup = options.maxTagsPerGroup ?? DEFAULT_MAX_TAGS_PER_GROUP;
    this.maxObjectsPerCollection = options.maxObjectsPerCollection ?? DEFAULT_MAX_OBJECTS;
    this.clock = new TenantClock(options.now ?? Date.now);
    this.now = () => this.clock.now();
    this.reference = referenceOf(this.seed);
    this.reset();
  }

  /** Puts the seeded fixtures back, dropping every change; the clock runs in real time again, faults and overrides go. */
  reset(): void {
    this.random = new Random(this.idSeed);
    this.clock.state = realClock();
    this.faults = [];
    this.overrides = [];
    this.counters = { ...COUNTER_STARTS };
    this.open(openEntities());
    this.wasReset = true;
    this.changed();
  }

  /** Takes `entities` as the store's (nothing recorded in them), with no task planned. */
  private open(entities: Entities): void {
    this.scheduler.clear();
    this.entities = entities;
    for (const kind of ENTITY_KINDS) {
      const collection = this.entities[kind];
      collection.clearTouched();
      // Recorded changes tell a durable backend that this store has changes to take.
      collection.onTouch = () => this.onDirty?.(this);
    }
  }

  // --- writes not yet committed ------------------------------------------------------------------

  /**
   * Keeps what the store is now until {@link keepWrites} or {@link rollBackWrites}: the writes of a commit
   * group run meanwhile, and each entity they change is kept as it was first. `onChange` is told before the
   * first entity changes.
   */
  beginWrites(onChange?: () => void): void {
    const rows = new Map<EntityKind, Map<string, unknown>>();
    const journal: WriteJournal = {
      entities: this.entities,
      scheduled: this.scheduler.state,
      rows,
      meta: structuredClone(this.meta()),
      wasReset: this.wasReset,
    };
    this.journal = journal;
    watchChanges(this.entities, (kind, id) => {
      const kept = getOrAdd(rows, kind, () => new Map<string, unknown>());
      if (kept.has(id)) return;
      onChange?.();
      kept.set(id, cloneJson(rowOf(journal.entities, kind, id, this.scheduler.rows)));
    });
  }

  /** The writes since {@link beginWrites} are committed: nothing more is kept. */
  keepWrites(): void {
    if (this.journal) watchChanges(this.journal.entities, undefined);
    this.journal = undefined;
  }

  /**
   * Their commit failed: the store is back as it was at {@link beginWrites} (entities, tasks' plans,
   * counters, ids, clock and faults). Each entity put back stays recorded, so the next commit writes it as it
   * is now.
   */
  rollBackWrites(): void {
    const journal = this.journal;
    if (!journal) return;
    this.keepWrites();
    if (this.entities !== journal.entities) {
      this.entities = journal.entities;
      this.scheduler.restore(journal.scheduled);
    }
    for (const [kind, rows] of journal.rows) {
      for (const [id, row] of rows) restoreRow(this.entities, kind, id, row, this.scheduler.rows);
    }
    this.applyMeta(journal.meta);
    this.wasReset = journal.wasReset;
  }

  /** The ids each collection recorded since the last call, and forgets them. */
  private takeTouched(): { kind: EntityKind; id: string }[] {
    const touched: { kind: EntityKind; id: string }[] = [];
    for (const kind of ENTITY_KINDS)
      for (const id of this.entities[kind].takeTouched()) touched.push({ kind, id: String(id) });
    return touched;
  }

  /** The changes since the last call (see {@link StoreChanges}), and forgets them. */
  takeChanges(): StoreChanges {
    const rows: StoreChanges["rows"] = [];
    for (const { kind, id } of this.takeTouched()) {
      const value = rowOf(this.entities, kind, id, this.scheduler.rows);
      if (value !== undefined) rows.push({ kind, id, value });
    }
    const changes: StoreChanges = { reset: this.wasReset, rows, meta: this.meta() };
    this.wasReset = false;
    return changes;
  }

  /** Puts back changes a failed commit took: they are written with the next commit, as the store holds them then. */
  giveBackChanges(changes: StoreChanges): void {
    for (const row of changes.rows) recordRow(this.entities, row.kind, row.id);
    this.wasReset ||= changes.reset;
  }

  meta(): StoreMeta {
    return {
      random: this.random.state,
      clock: { ...this.clock.state },
      faults: this.faults.map((f) => ({ ...f })),
      overrides: this.overrides.map((o) => structuredClone(o)),
      ...this.counters,
    };
  }

  /**
   * Puts stored rows over the seeded fixtures (what a backend loads at start): the rows replace the fixtures'
   * entities of the same id and add the others.
   */
  applyRows(meta: StoreMeta | undefined, rows: { kind: EntityKind; value: unknown }[]): void {
    this.open(openEntities());
    const byKind = new Map<EntityKind, unknown[]>();
    for (const row of rows) getOrAdd(byKind, row.kind, () => []).push(row.value);
    for (const [kind, values] of byKind) putRows(this.entities, kind, values, this.scheduler.rows);
    this.takeTouched();
    if (meta) this.applyMeta(meta);
    this.wasReset = false;
  }

  /** Puts one stored row over what the store holds (a replica catching up with rows another one committed). */
  putRow(kind: EntityKind, value: unknown): void {
    putRows(this.entities, kind, [value], this.scheduler.rows);
  }

  /**
   * Takes over stored meta: the id generators, the clock and the faults; a counter the meta lacks (stored
   * before its service declared it) starts from its start value.
   */
  applyMeta(meta: StoreMeta): void {
    this.random = new Random(this.idSeed, meta.random);
    const counters = { ...COUNTER_STARTS };
    for (const name of COUNTER_NAMES) counters[name] = meta[name] ?? counters[name];
    this.counters = counters;
    this.clock.state = meta.clock;
    this.faults = meta.faults;
    this.overrides = meta.overrides ?? [];
  }

  /**
   * Marks the store changed, its meta included (id generators, clock, faults): a backend's next commit takes
   * it. The request pipeline calls it after each successful write; the store and the control API call it too.
   */
  changed(): void {
    this.onDirty?.(this);
  }

  /** Whether `adding` more entities of `kind` stay within {@link maxObjectsPerCollection}. */
  hasRoom(kind: EntityKind, adding: number): boolean {
    return this.entities[kind].size + adding <= this.maxObjectsPerCollection;
  }

  /** Finishes every task whose time has come (see {@link TaskScheduler.settle}). */
  settleTasks(): boolean {
    return this.scheduler.settle();
  }

  /** Ends a running task now (see {@link TaskScheduler.complete}). */
  completeTask(id: string, completion: TaskCompletion): ReturnType<TaskScheduler["complete"]> {
    return this.scheduler.complete(id, completion);
  }

  /** Everything, in API shape (tasks settled first). */
  snapshot(): SandboxState {
    this.scheduler.settle();
    return { ...listReference(this.reference), ...listEntities(this.entities) };
  }
}
