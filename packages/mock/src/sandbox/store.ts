import { type ClockState, realClock, TenantClock } from "./clock/clock.js";
import {
  ENTITY_KINDS,
  type Entities,
  type EntityKind,
  listEntities,
  openEntities,
  putRows,
  recordRow,
  takeRecorded,
} from "./entities.js";
import { getOrAdd } from "./indexes/get-or-add.js";
import { Random } from "./random.js";
import { KeyWindows } from "./rate-limits/key-windows.js";
import type { TenantOptions } from "./services/service.js";
import {
  COUNTER_NAMES,
  COUNTER_STARTS,
  type Counters,
  listReference,
  openParts,
  type Parts,
  partOfKind,
  partsOf,
  type Reference,
  referenceOf,
} from "./services/services.js";
import type { SandboxState } from "./state.js";

export { ENTITY_KINDS, type EntityKind } from "./entities.js";

/**
 * What a tenant keeps beside its store's state yet saves with it (its armed faults and overrides, see
 * `tenants/armed-rules.ts`): its fields `M` go into every meta the store gives, come back to it from stored meta
 * (a load, a replica catching up, a rolled-back write), and go when the store goes back to its fixtures.
 */
export interface MetaPart<M extends object> {
  /** Its fields as plain data, copied: later changes to it do not show in what was saved. */
  save(): Partial<M>;
  /** Takes over `meta`'s fields (absent ones as empty). */
  restore(meta: Partial<M>): void;
  clear(): void;
}

/** The meta part of a store whose tenant keeps nothing beside its state. */
const noMetaPart = <M extends object>(): MetaPart<M> => ({
  save: () => ({}),
  restore: () => undefined,
  clear: () => undefined,
});

export interface StoreOptions<M extends object = Record<string, unknown>> extends TenantOptions {
  /** Seed of the generated ids and of the plan-contents catalogue (default 1). */
  seed?: number | string;
  /** Seed of the generated ids only (default: `seed`); tenants get their own so that their ids differ. */
  idSeed?: number | string;
  /** The base clock, in ms (tests may replace it); the store's clock runs on it (see {@link TenantClock}). */
  now?: () => number;
  /** Most entities of one kind (tasks, instances, ports, settings…) a store holds (default {@link DEFAULT_MAX_OBJECTS}). */
  maxObjectsPerCollection?: number;
  /**
   * Puts the store's world in place of the built-in fixtures, at its creation and at every reset (a seed's
   * world, loaded through {@link Store.replaceWith}).
   */
  world?: (store: Store) => void;
  /** Whether the API's rate limits are enforced until switched (default false). */
  rateLimits?: boolean;
  /** What the tenant saves in the store's meta besides the store's own fields (see {@link MetaPart}). */
  metaPart?: MetaPart<M>;
}

/** The default most entities of one kind per store; a call that would add more is a 400 (the operations say so). */
export const DEFAULT_MAX_OBJECTS = 10_000;

/**
 * What a store holds besides its entities (one small record per tenant): the id generator, the clock, every
 * service's counters by name, and the fields `M` of its {@link MetaPart}.
 */
export type StoreMeta<M extends object = Record<string, unknown>> = {
  random: number[];
  clock: ClockState;
  /** False when the rows are the whole world (a snapshot was loaded); absent when they lie over the fixtures. */
  fixtures?: false;
  /** Whether rate limits are enforced; absent in what was stored before they existed. */
  rateLimits?: boolean;
} & Counters &
  Partial<M>;

/**
 * A tenant's state: every service's reference data, entities, counters and part (what it keeps beside its
 * entities, see `services/service.ts`), the clock, and what its {@link MetaPart} saves with it. A tenant's
 * writes run one after another (the pipeline's write turns), and a handler that works in turns of the event
 * loop stores its result in one step at its end, so every change here is atomic with respect to
 * other requests; reads see the state before or after a write, never half of it. A group of writes is
 * rolled back by durable/write-journal.ts.
 */
export class Store<M extends object = Record<string, unknown>> {
  readonly seed: number | string;
  readonly idSeed: number | string;
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
  /** Whether the API's rate limits are enforced, and each key's calls counted against them. */
  readonly rateLimits: KeyWindows;
  /** What each service keeps beside its entities, by service. */
  readonly parts: Parts;
  /** The store went back to its fixtures since its changes were last taken (every earlier row is void). */
  resetPending = false;
  /** Called when the store has changes to take (a durable backend collects them, see durable/store-changes.ts). */
  onDirty: ((store: Store) => void) | undefined;
  /** Whether the built-in fixtures lie under the entities the store changed (not after a snapshot was loaded). */
  private fixtures = true;
  private readonly world: ((store: Store) => void) | undefined;
  private readonly metaPart: MetaPart<M>;

  constructor(options: StoreOptions<M> = {}) {
    this.seed = options.seed ?? 1;
    this.idSeed = options.idSeed ?? this.seed;
    this.parts = openParts(this, options);
    this.maxObjectsPerCollection = options.maxObjectsPerCollection ?? DEFAULT_MAX_OBJECTS;
    this.clock = new TenantClock(options.now ?? Date.now);
    this.now = () => this.clock.now();
    this.reference = referenceOf(this.seed);
    this.world = options.world;
    this.rateLimits = new KeyWindows(options.rateLimits ?? false);
    this.metaPart = options.metaPart ?? noMetaPart();
    this.reset();
  }

  /**
   * Puts the seeded fixtures (or the store's world) back, dropping every change; the clock runs in real time
   * again (or as the world's), what the meta part keeps goes, rate limits are as the sandbox started.
   */
  reset(): void {
    this.random = new Random(this.idSeed);
    if (this.world) {
      this.world(this);
      return;
    }
    this.clock.state = realClock();
    this.metaPart.clear();
    this.rateLimits.reset();
    this.counters = { ...COUNTER_STARTS };
    this.fixtures = true;
    this.open(openEntities());
    this.resetPending = true;
    this.changed();
  }

  /**
   * Replaces everything with `rows` and `meta`, no fixture under them (a snapshot loaded), in one step: the next
   * commit drops every row stored before and stores these.
   */
  replaceWith(meta: StoreMeta<M>, rows: { kind: EntityKind; id: string; value: unknown }[]): void {
    this.applyRows({ ...meta, fixtures: false }, rows);
    for (const row of rows) recordRow(this.entities, row.kind, row.id);
    this.resetPending = true;
    this.changed();
  }

  /** Takes `entities` as the store's (nothing recorded in them), every service's part cleared. */
  private open(entities: Entities): void {
    for (const part of partsOf(this.parts)) part.clear();
    this.entities = entities;
    for (const kind of ENTITY_KINDS) {
      const collection = this.entities[kind];
      collection.clearTouched();
      // Recorded changes tell a durable backend that this store has changes to take.
      collection.onTouch = () => this.onDirty?.(this);
    }
  }

  meta(): StoreMeta<M> {
    return {
      random: this.random.state,
      clock: { ...this.clock.state },
      ...this.metaPart.save(),
      ...(this.fixtures ? {} : { fixtures: false as const }),
      rateLimits: this.rateLimits.enabled,
      ...this.counters,
    };
  }

  /**
   * Puts stored rows over the seeded fixtures (what a backend loads at start): the rows replace the fixtures'
   * entities of the same id and add the others.
   */
  applyRows(meta: StoreMeta<M> | undefined, rows: { kind: EntityKind; value: unknown }[]): void {
    this.fixtures = meta?.fixtures !== false;
    this.open(openEntities(this.fixtures));
    const byKind = new Map<EntityKind, unknown[]>();
    for (const row of rows) getOrAdd(byKind, row.kind, () => []).push(row.value);
    for (const [kind, values] of byKind) putRows(this.entities, kind, values, partOfKind(this.parts, kind));
    takeRecorded(this.entities);
    if (meta) this.applyMeta(meta);
    this.resetPending = false;
  }

  /** Puts one stored row over what the store holds (a replica catching up with rows another one committed). */
  putRow(kind: EntityKind, value: unknown): void {
    putRows(this.entities, kind, [value], partOfKind(this.parts, kind));
  }

  /**
   * Takes over stored meta: the id generators, the clock and the meta part's fields; a counter the meta lacks
   * (stored before its service declared it) starts from its start value.
   */
  applyMeta(meta: StoreMeta<M>): void {
    this.random = new Random(this.idSeed, meta.random);
    const counters = { ...COUNTER_STARTS };
    for (const name of COUNTER_NAMES) counters[name] = meta[name] ?? counters[name];
    this.counters = counters;
    this.clock.state = meta.clock;
    this.metaPart.restore(meta);
    this.fixtures = meta.fixtures !== false;
    if (meta.rateLimits !== undefined) this.rateLimits.set(meta.rateLimits);
  }

  /**
   * Marks the store changed, its meta included (id generators, clock, the meta part): a backend's next commit takes
   * it. The request pipeline calls it after each successful write; the store and the control API call it too.
   */
  changed(): void {
    this.onDirty?.(this);
  }

  /** Whether `adding` more entities of `kind` stay within {@link maxObjectsPerCollection}. */
  hasRoom(kind: EntityKind, adding: number): boolean {
    return this.entities[kind].size + adding <= this.maxObjectsPerCollection;
  }

  /** Every service's part brought up to the tenant's time (tasks whose time has come end). */
  settle(): void {
    for (const part of partsOf(this.parts)) part.settle();
  }

  /** Everything, in API shape (settled first). */
  snapshot(): SandboxState {
    this.settle();
    return { ...listReference(this.reference), ...listEntities(this.entities) };
  }
}
