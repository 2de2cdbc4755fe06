import type { ResellerNotificationSetting, Task } from "@cloud-contract/types";
import { type ClockState, realClock, TenantClock } from "./clock/clock.js";
import {
  ENTITY_KINDS,
  type Entities,
  type EntityKind,
  listEntities,
  openEntities,
  putRows,
  type RowContext,
  recordRow,
  restoreRow,
  rowOf,
  watchChanges,
} from "./entities.js";
import type { FaultRule } from "./faults/fault.js";
import * as cloud from "./fixtures/cloud.js";
import { resellers } from "./fixtures/iam.js";
import { SANDBOX_FIXTURES } from "./fixtures/ids.js";
import { type Catalogue, generateCatalogue } from "./fixtures/plan-contents.js";
import { getOrAdd } from "./indexes/get-or-add.js";
import { MinHeap } from "./indexes/min-heap.js";
import { settingKey } from "./indexes/reseller-settings.js";
import { Random } from "./random.js";
import type {
  AppTemplate,
  Flavor,
  Image,
  Project,
  ProjectQuota,
  Region,
  Reseller,
  SandboxState,
  TaskPlan,
} from "./state.js";

export { ENTITY_KINDS, type EntityKind } from "./entities.js";

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

/** How a running task is ended on demand. */
export type TaskCompletion = { state: "FINISHED" } | { state: "ERROR"; error: string };

/** What a store holds besides its entities (one small record per tenant). */
export interface StoreMeta {
  random: number[];
  nextNotificationId: number;
  clock: ClockState;
  faults: FaultRule[];
}

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
 * What a store was when a group of writes began, to roll them back when their commit fails: the entities (a
 * reset replaces them whole), and the row each entity changed since had before (undefined: it did not exist).
 */
interface WriteJournal {
  entities: Entities;
  taskPlans: Map<string, TaskPlan>;
  finishQueue: MinHeap<string>;
  rows: Map<EntityKind, Map<string, unknown>>;
  meta: StoreMeta;
  wasReset: boolean;
}

/** The catalogue is read-only and depends on the seed alone, so stores of one seed share it. */
const catalogues = new Map<number | string, Catalogue>();
const catalogueOf = (seed: number | string): Catalogue =>
  getOrAdd(catalogues, seed, () => generateCatalogue(seed));
const byId = <K extends string | number, T extends { id: K }>(items: T[]): Map<K, T> =>
  new Map(items.map((item) => [item.id, item]));

/**
 * The sandbox's state. A tenant's writes run one after another (the pipeline's write turns), and a handler
 * that works in turns of the event loop stores its result in one step at its end, so every change here is
 * atomic with respect to other requests; reads see the state before or after a write, never half of it.
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
  // Reference data: the same for every tenant and never changed by a request.
  readonly regions: Map<number, Region> = byId(cloud.regions());
  readonly projects: Map<number, Project> = byId(cloud.projects());
  readonly quotas: ProjectQuota[] = cloud.quotas();
  readonly flavors: Map<string, Flavor> = new Map(cloud.flavors().map((f) => [f.name, f]));
  readonly images: Map<string, Image> = byId(cloud.images());
  readonly appTemplates: Map<string, AppTemplate> = byId(cloud.appTemplates());
  readonly resellers: Map<number, Reseller> = byId(resellers());
  /** The entities a request can change, one collection per declared kind (see `entities.ts`). */
  entities!: Entities;
  nextNotificationId!: number;
  catalogue!: Catalogue;
  /** Faults armed for the next calls, oldest first. */
  faults!: FaultRule[];
  /** How each running task ends; tasks without a plan (seeded ones) run forever. */
  private taskPlans!: Map<string, TaskPlan>;
  /** Running tasks with a plan, by the time they end. */
  private finishQueue!: MinHeap<string>;
  private wasReset = false;
  private journal: WriteJournal | undefined;
  /** Called when the store has changes to take (a durable backend collects them). */
  onDirty: ((store: Store) => void) | undefined;
  /** How rows keep what lies beside an entity (a running task's plan). */
  private readonly rows: RowContext = {
    planOf: (id) => this.taskPlans.get(id),
    setPlan: (id, plan) => {
      if (plan) this.planTask(id, plan);
      else this.taskPlans.delete(id);
    },
  };

  constructor(options: StoreOptions = {}) {
    this.seed = options.seed ?? 1;
    this.idSeed = options.idSeed ?? this.seed;
    this.taskDelayMs = options.taskDelayMs ?? 200;
    this.maxTagsPerGroup = options.maxTagsPerGroup ?? DEFAULT_MAX_TAGS_PER_GROUP;
    this.maxObjectsPerCollection = options.maxObjectsPerCollection ?? DEFAULT_MAX_OBJECTS;
    this.clock = new TenantClock(options.now ?? Date.now);
    this.now = () => this.clock.now();
    this.catalogue = catalogueOf(this.seed);
    this.reset();
  }

  /** Puts the seeded fixtures back, dropping every change; the clock runs in real time again, faults go. */
  reset(): void {
    this.random = new Random(this.idSeed);
    this.clock.state = realClock();
    this.faults = [];
    this.nextNotificationId = 100;
    this.open(openEntities());
    this.wasReset = true;
    this.changed();
  }

  /** Takes `entities` as the store's (nothing recorded in them), with no task planned. */
  private open(entities: Entities): void {
    this.taskPlans = new Map();
    this.finishQueue = new MinHeap();
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
      taskPlans: this.taskPlans,
      finishQueue: this.finishQueue,
      rows,
      meta: structuredClone(this.meta()),
      wasReset: this.wasReset,
    };
    this.journal = journal;
    watchChanges(this.entities, (kind, id) => {
      const kept = getOrAdd(rows, kind, () => new Map<string, unknown>());
      if (kept.has(id)) return;
      onChange?.();
      kept.set(id, structuredClone(rowOf(journal.entities, kind, id, this.rows)));
    });
  }

  /** The writes since {@link beginWrites} are committed: nothing more is kept. */
  keepWrites(): void {
    if (this.journal) watchChanges(this.journal.entities, undefined);
    this.journal = undefined;
  }

  /**
   * Their commit failed: the store is back as it was at {@link beginWrites} (entities, tasks' plans, ids,
   * clock and faults). Each entity put back stays recorded, so the next commit writes it as it is now.
   */
  rollBackWrites(): void {
    const journal = this.journal;
    if (!journal) return;
    this.keepWrites();
    if (this.entities !== journal.entities) {
      this.entities = journal.entities;
      this.taskPlans = journal.taskPlans;
      this.finishQueue = journal.finishQueue;
    }
    for (const [kind, rows] of journal.rows) {
      for (const [id, row] of rows) restoreRow(this.entities, kind, id, row, this.rows);
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
      const value = rowOf(this.entities, kind, id, this.rows);
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
      nextNotificationId: this.nextNotificationId,
      clock: { ...this.clock.state },
      faults: this.faults.map((f) => ({ ...f })),
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
    for (const [kind, values] of byKind) putRows(this.entities, kind, values, this.rows);
    this.takeTouched();
    if (meta) this.applyMeta(meta);
    this.wasReset = false;
  }

  /** Puts one stored row over what the store holds (a replica catching up with rows another one committed). */
  putRow(kind: EntityKind, value: unknown): void {
    putRows(this.entities, kind, [value], this.rows);
  }

  /** Takes over stored meta: the id generators, the clock and the faults. */
  applyMeta(meta: StoreMeta): void {
    this.random = new Random(this.idSeed, meta.random);
    this.nextNotificationId = meta.nextNotificationId;
    this.clock.state = meta.clock;
    this.faults = meta.faults;
  }

  private planTask(id: string, plan: TaskPlan): void {
    this.taskPlans.set(id, plan);
    this.finishQueue.push(plan.finishAt, id);
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

  // --- tasks ---------------------------------------------------------------------------------------

  /** Adds a RUNNING task that ends as `outcome` after the task delay. */
  startTask(task: Omit<Task, "id" | "state" | "created_on" | "user_id">, outcome: TaskPlan["outcome"]): Task {
    const now = this.now();
    const created: Task = {
      id: this.random.uuid(),
      state: "RUNNING",
      created_on: new Date(now).toISOString(),
      user_id: SANDBOX_FIXTURES.userId,
      client_id: SANDBOX_FIXTURES.clientId,
      ...task,
    };
    this.entities.tasks.set(created.id, created);
    this.planTask(created.id, { finishAt: now + this.taskDelayMs, outcome });
    return created;
  }

  /** Finishes every task whose time has come and applies its effect. Returns true if any did. */
  settleTasks(): boolean {
    if (this.finishQueue.size === 0) return false;
    const now = this.now();
    let settled = false;
    while ((this.finishQueue.peekKey() ?? Number.POSITIVE_INFINITY) <= now) {
      const id = this.finishQueue.pop() as string;
      const plan = this.taskPlans.get(id);
      // A task completed on demand left its entry behind.
      if (!plan || plan.finishAt > now) continue;
      // Handed out (not peeked) before its plan goes: writes in progress keep it as it was (see `beginWrites`).
      const task = this.entities.tasks.get(id);
      this.taskPlans.delete(id);
      if (!task) continue;
      settled = true;
      this.endTask(task, plan.outcome, plan.finishAt);
    }
    if (settled) this.changed();
    return settled;
  }

  /** Sets a task's final state and times, and applies its effect when it finished. */
  private endTask(task: Task, outcome: TaskPlan["outcome"] | { state: "FINISHED" }, atMs: number): void {
    const at = new Date(atMs).toISOString();
    task.updated_on = at;
    task.finished_on = at;
    if (outcome.state === "ERROR") {
      task.state = "ERROR";
      task.error = outcome.error;
    } else {
      task.state = "FINISHED";
      const effect = "effect" in outcome ? outcome.effect : undefined;
      if (effect?.kind === "createBareMetal") {
        this.entities.instances.set(effect.instance.id, { ...effect.instance, status: "ACTIVE" });
        for (const port of effect.ports) this.entities.ports.set(port.id, port);
        task.created_resources = { instances: [effect.instance.id], ports: effect.ports.map((p) => p.id) };
      } else {
        if (effect) {
          const port = this.entities.ports.get(effect.portId);
          if (port) port.allowed_address_pairs = effect.pairs;
        }
        task.created_resources = {};
      }
    }
    // The task is final now: out of the active tasks, and recorded.
    this.entities.tasks.refresh(task.id);
  }

  /**
   * Ends a running task now, at the store's time. A task planned to fail cannot be finished (`doomed`, with
   * the planned error); a task without a plan (a seeded one) finishes with no effect.
   */
  completeTask(
    id: string,
    completion: TaskCompletion,
  ): { task: Task } | { problem: "unknown" | "ended" } | { problem: "doomed"; error: string } {
    this.settleTasks();
    const task = this.entities.tasks.peek(id);
    if (!task) return { problem: "unknown" };
    if (!this.entities.tasks.index.active.has(id)) return { problem: "ended" };
    const plan = this.taskPlans.get(id);
    if (completion.state === "FINISHED" && plan?.outcome.state === "ERROR") {
      return { problem: "doomed", error: plan.outcome.error };
    }
    this.entities.tasks.get(id);
    this.taskPlans.delete(id);
    const outcome = completion.state === "FINISHED" && plan ? plan.outcome : completion;
    this.endTask(task, outcome, this.now());
    this.changed();
    return { task };
  }

  /**
   * A page of the active (not final) tasks of a project and region, oldest first, optionally of some task
   * types only, and how many match.
   */
  activeTaskPage(
    projectId: number,
    regionId: number,
    types: readonly string[],
    offset: number,
    limit: number,
  ): { count: number; results: Task[] } {
    this.settleTasks();
    const tasks = this.entities.tasks;
    const { count, ids } = tasks.index.active.page(projectId, regionId, types, offset, limit);
    return { count, results: ids.map((id) => tasks.peek(id)).filter((t) => t !== undefined) };
  }

  getTask(id: string): Task | undefined {
    this.settleTasks();
    return this.entities.tasks.peek(id);
  }

  // --- notification settings ------------------------------------------------------------------------

  /** A reseller's settings in id order (the reseller must exist). */
  notificationSettingsOf(resellerId: number): readonly ResellerNotificationSetting[] {
    return this.entities.notificationSettings.index.byReseller.of(resellerId).list;
  }

  /** Adds a setting; returns undefined when the reseller already has this type for this e-mail. */
  addNotificationSetting(
    resellerId: number,
    input: Pick<ResellerNotificationSetting, "notification_type" | "email"> & { enabled?: boolean },
  ): ResellerNotificationSetting | undefined {
    const settings = this.entities.notificationSettings;
    if (settings.index.byReseller.of(resellerId).taken.has(settingKey(input.notification_type, input.email)))
      return undefined;
    const setting: ResellerNotificationSetting = {
      id: this.nextNotificationId++,
      reseller: resellerId,
      notification_type: input.notification_type,
      email: input.email,
      enabled: input.enabled ?? true,
    };
    settings.set(setting.id, setting);
    return setting;
  }

  // --- whole state ------------------------------------------------------------------------------

  /** Everything, in API shape (tasks settled first). */
  snapshot(): SandboxState {
    this.settleTasks();
    return {
      regions: [...this.regions.values()],
      projects: [...this.projects.values()],
      quotas: this.quotas,
      flavors: [...this.flavors.values()],
      images: [...this.images.values()],
      appTemplates: [...this.appTemplates.values()],
      resellers: [...this.resellers.values()],
      ...listEntities(this.entities),
      plans: this.catalogue.plans,
      metrics: this.catalogue.metrics,
      billingRegions: this.catalogue.billingRegions,
      planContents: this.catalogue.planContents,
    };
  }
}
