import type { LiveStream, ResellerNotificationSetting, SecurityGroup, Task } from "@cloud-contract/types";
import { type ClockState, realClock, TenantClock } from "./clock/clock.js";
import type { FaultRule } from "./faults/fault.js";
import { cdnResources } from "./fixtures/cdn.js";
import * as cloud from "./fixtures/cloud.js";
import { notificationSettings, resellers } from "./fixtures/iam.js";
import { SANDBOX_FIXTURES } from "./fixtures/ids.js";
import { type Catalogue, generateCatalogue } from "./fixtures/plan-contents.js";
import { streams } from "./fixtures/streams.js";
import { getOrAdd } from "./indexes/get-or-add.js";
import { MinHeap } from "./indexes/min-heap.js";
import { OrderedIndex } from "./indexes/ordered-index.js";
import { Random } from "./random.js";
import type {
  AppTemplate,
  CdnResource,
  Flavor,
  Image,
  Instance,
  Port,
  Project,
  ProjectQuota,
  Region,
  Reseller,
  SandboxState,
  TaskPlan,
} from "./state.js";

export interface StoreOptions {
  /** Seed of the generated ids and of the plan-contents catalogue (default 1). */
  seed?: number | string;
  /** Seed of the generated ids only (default: `seed`); tenants get their own so that their ids differ. */
  idSeed?: number | string;
  /** How long a new task runs before it finishes (ms, default 200). */
  taskDelayMs?: number;
  /** The base clock, in ms (tests may replace it); the store's clock runs on it (see {@link TenantClock}). */
  now?: () => number;
}

/** How a running task is ended on demand. */
export type TaskCompletion = { state: "FINISHED" } | { state: "ERROR"; error: string };

/** What a state file holds. */
export interface PersistedState {
  version: 1;
  seed: number | string;
  random: number[];
  nextNotificationId: number;
  taskPlans: Record<string, TaskPlan>;
  clock?: ClockState;
  faults?: FaultRule[];
  state: Omit<SandboxState, "plans" | "metrics" | "billingRegions" | "planContents">;
}

/** The kinds of entity a request can change, each kept as one row per entity by a durable backend. */
export const ENTITY_KINDS = [
  "securityGroups",
  "ports",
  "instances",
  "tasks",
  "streams",
  "cdnResources",
  "notificationSettings",
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A stored task and, while it runs, how it will end. */
export interface TaskRow {
  task: Task;
  plan?: TaskPlan;
}

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

const FINAL = new Set(["FINISHED", "ERROR"]);
const regionKey = (projectId: unknown, regionId: unknown) => `${String(projectId)}|${String(regionId)}`;
/** The catalogue is read-only and depends on the seed alone, so stores of one seed share it. */
const catalogues = new Map<number | string, Catalogue>();
const catalogueOf = (seed: number | string): Catalogue => {
  let catalogue = catalogues.get(seed);
  if (!catalogue) {
    catalogue = generateCatalogue(seed);
    catalogues.set(seed, catalogue);
  }
  return catalogue;
};
const byId = <K extends string | number, T extends { id: K }>(items: T[]): Map<K, T> =>
  new Map(items.map((item) => [item.id, item]));

/**
 * The sandbox's state. Handlers run synchronously between reading the request and writing the answer,
 * and Node runs one at a time, so every change here is atomic with respect to other requests.
 */
export class Store {
  readonly seed: number | string;
  readonly idSeed: number | string;
  readonly taskDelayMs: number;
  /** The store's clock: real time unless switched to manual mode (see `clock`). */
  readonly now: () => number;
  readonly clock: TenantClock;

  random!: Random;
  regions!: Map<number, Region>;
  projects!: Map<number, Project>;
  quotas!: ProjectQuota[];
  flavors!: Map<string, Flavor>;
  images!: Map<string, Image>;
  appTemplates!: Map<string, AppTemplate>;
  securityGroups!: Map<string, SecurityGroup>;
  ports!: Map<string, Port>;
  instances!: Map<string, Instance>;
  tasks!: Map<string, Task>;
  streams!: Map<number, LiveStream>;
  cdnResources!: Map<number, CdnResource>;
  resellers!: Map<number, Reseller>;
  /** Settings per reseller, in id order, and the `type|email` keys already taken. */
  notificationSettings!: Map<number, { list: ResellerNotificationSetting[]; taken: Set<string> }>;
  nextNotificationId!: number;
  catalogue!: Catalogue;
  /** Faults armed for the next calls, oldest first. */
  faults!: FaultRule[];
  /** How each running task ends; tasks without a plan (seeded ones) run forever. */
  private taskPlans!: Map<string, TaskPlan>;
  /** Ids of tasks not yet final, oldest first. */
  private activeTaskIds!: Set<string>;
  /** Active task ids per project and region, and per project, region and task type. */
  private activeByRegion!: Map<string, OrderedIndex<string>>;
  private activeByType!: Map<string, OrderedIndex<string>>;
  /** Running tasks with a plan, by the time they end. */
  private finishQueue!: MinHeap<string>;
  private listeners: (() => void)[] = [];
  private changedRows = new Map<EntityKind, Set<string>>();
  private wasReset = false;
  /** Called when the store has changes to take (a durable backend collects them). */
  onDirty: ((store: Store) => void) | undefined;

  constructor(options: StoreOptions = {}) {
    this.seed = options.seed ?? 1;
    this.idSeed = options.idSeed ?? this.seed;
    this.taskDelayMs = options.taskDelayMs ?? 200;
    this.clock = new TenantClock(options.now ?? Date.now);
    this.now = () => this.clock.now();
    this.reset();
  }

  /** Puts the seeded fixtures back, dropping every change; the clock runs in real time again, faults go. */
  reset(): void {
    this.random = new Random(this.idSeed);
    this.catalogue = catalogueOf(this.seed);
    this.clock.state = realClock();
    this.faults = [];
    this.load({
      regions: cloud.regions(),
      projects: cloud.projects(),
      quotas: cloud.quotas(),
      flavors: cloud.flavors(),
      images: cloud.images(),
      appTemplates: cloud.appTemplates(),
      securityGroups: cloud.securityGroups(),
      ports: cloud.ports(),
      instances: [],
      tasks: cloud.tasks(),
      streams: streams(),
      cdnResources: cdnResources(),
      resellers: resellers(),
      notificationSettings: notificationSettings(),
    });
    this.taskPlans = new Map();
    this.finishQueue = new MinHeap();
    this.nextNotificationId = 100;
    this.changedRows.clear();
    this.wasReset = true;
    this.onDirty?.(this);
    this.changed();
  }

  private load(state: PersistedState["state"]): void {
    this.regions = byId(state.regions);
    this.projects = byId(state.projects);
    this.quotas = state.quotas;
    this.flavors = new Map(state.flavors.map((f) => [f.name, f]));
    this.images = byId(state.images);
    this.appTemplates = byId(state.appTemplates);
    this.securityGroups = byId(state.securityGroups);
    this.ports = byId(state.ports);
    this.instances = byId(state.instances);
    this.tasks = byId(state.tasks);
    this.streams = new Map(state.streams.map((s) => [s.id as number, s]));
    this.cdnResources = byId(state.cdnResources);
    this.resellers = byId(state.resellers);
    this.notificationSettings = new Map();
    for (const reseller of state.resellers)
      this.notificationSettings.set(reseller.id, { list: [], taken: new Set() });
    for (const setting of [...state.notificationSettings].sort((a, b) => a.id - b.id)) {
      const bucket = this.notificationSettings.get(setting.reseller);
      if (!bucket) continue;
      bucket.list.push(setting);
      bucket.taken.add(settingKey(setting.notification_type, setting.email));
    }
    this.activeTaskIds = new Set();
    this.activeByRegion = new Map();
    this.activeByType = new Map();
    for (const task of state.tasks) if (!FINAL.has(task.state)) this.indexActive(task);
  }

  private indexesOf(task: Task): OrderedIndex<string>[] {
    const region = regionKey(task.project_id, task.region_id);
    const type = `${region}|${task.task_type}`;
    return [
      getOrAdd(this.activeByRegion, region, () => new OrderedIndex<string>()),
      getOrAdd(this.activeByType, type, () => new OrderedIndex<string>()),
    ];
  }

  private indexActive(task: Task): void {
    this.activeTaskIds.add(task.id);
    for (const index of this.indexesOf(task)) index.add(task.id);
  }

  private unindexActive(task: Task): void {
    this.activeTaskIds.delete(task.id);
    for (const index of this.indexesOf(task)) index.delete(task.id);
  }

  /** Records that an entity changed, so that a durable backend writes its row with the request's commit. */
  mark(kind: EntityKind, id: string | number): void {
    getOrAdd(this.changedRows, kind, () => new Set<string>()).add(String(id));
    this.onDirty?.(this);
  }

  /** The changes since the last call (see {@link StoreChanges}), and forgets them. */
  takeChanges(): StoreChanges {
    const rows: StoreChanges["rows"] = [];
    for (const [kind, ids] of this.changedRows) {
      for (const id of ids) {
        const value = this.rowOf(kind, id);
        if (value !== undefined) rows.push({ kind, id, value });
      }
    }
    const changes: StoreChanges = { reset: this.wasReset, rows, meta: this.meta() };
    this.changedRows.clear();
    this.wasReset = false;
    return changes;
  }

  meta(): StoreMeta {
    return {
      random: this.random.state,
      nextNotificationId: this.nextNotificationId,
      clock: { ...this.clock.state },
      faults: this.faults.map((f) => ({ ...f })),
    };
  }

  private rowOf(kind: EntityKind, id: string): unknown {
    switch (kind) {
      case "tasks": {
        const task = this.tasks.get(id);
        if (!task) return undefined;
        const plan = this.taskPlans.get(id);
        return plan ? { task, plan } : { task };
      }
      case "notificationSettings": {
        const number = Number(id);
        for (const bucket of this.notificationSettings.values()) {
          const found = bucket.list.find((s) => s.id === number);
          if (found) return found;
        }
        return undefined;
      }
      case "streams":
        return this.streams.get(Number(id));
      case "cdnResources":
        return this.cdnResources.get(Number(id));
      default:
        return this[kind].get(id);
    }
  }

  /**
   * Puts stored rows over the seeded fixtures (what a durable backend loads at start): the rows replace
   * the fixtures' entities of the same id and add the others.
   */
  applyRows(meta: StoreMeta | undefined, rows: { kind: EntityKind; value: unknown }[]): void {
    const state = this.persistedState();
    const byKind = new Map<EntityKind, unknown[]>();
    for (const row of rows) getOrAdd(byKind, row.kind, () => []).push(row.value);
    const merge = <T extends { id?: unknown }>(current: T[], stored: unknown[] | undefined): T[] => {
      if (!stored) return current;
      const out = new Map(current.map((item) => [item.id, item]));
      for (const item of stored as T[]) out.set(item.id, item);
      return [...out.values()];
    };
    const taskRows = (byKind.get("tasks") ?? []) as TaskRow[];
    taskRows.sort((a, b) => Date.parse(a.task.created_on ?? "") - Date.parse(b.task.created_on ?? ""));
    this.load({
      ...state,
      securityGroups: merge(state.securityGroups, byKind.get("securityGroups")),
      ports: merge(state.ports, byKind.get("ports")),
      instances: merge(state.instances, byKind.get("instances")),
      tasks: merge(
        state.tasks,
        taskRows.map((r) => r.task),
      ),
      streams: merge(state.streams, byKind.get("streams")),
      cdnResources: merge(state.cdnResources, byKind.get("cdnResources")),
      notificationSettings: merge(state.notificationSettings, byKind.get("notificationSettings")),
    });
    for (const { task, plan } of taskRows) if (plan) this.planTask(task.id, plan);
    if (meta) this.applyMeta(meta);
    this.changedRows.clear();
    this.wasReset = false;
  }

  /**
   * Puts one stored row over what the store holds (a replica catching up with rows another one committed):
   * the entity is replaced, and a task is indexed and planned again.
   */
  putRow(kind: EntityKind, value: unknown): void {
    switch (kind) {
      case "tasks": {
        const { task, plan } = value as TaskRow;
        const before = this.tasks.get(task.id);
        if (before && this.activeTaskIds.has(task.id)) this.unindexActive(before);
        this.tasks.set(task.id, task);
        if (!FINAL.has(task.state)) this.indexActive(task);
        if (plan) this.planTask(task.id, plan);
        else this.taskPlans.delete(task.id);
        return;
      }
      case "notificationSettings": {
        const setting = value as ResellerNotificationSetting;
        const bucket = this.notificationSettings.get(setting.reseller);
        if (!bucket) return;
        const at = bucket.list.findIndex((s) => s.id === setting.id);
        if (at >= 0) bucket.list[at] = setting;
        else {
          bucket.list.push(setting);
          bucket.list.sort((a, b) => a.id - b.id);
        }
        bucket.taken.add(settingKey(setting.notification_type, setting.email));
        return;
      }
      case "streams":
        this.streams.set(Number((value as LiveStream).id), value as LiveStream);
        return;
      case "cdnResources":
        this.cdnResources.set((value as CdnResource).id, value as CdnResource);
        return;
      case "securityGroups":
        this.securityGroups.set((value as SecurityGroup).id, value as SecurityGroup);
        return;
      case "ports":
        this.ports.set((value as Port).id, value as Port);
        return;
      case "instances":
        this.instances.set((value as Instance).id, value as Instance);
        return;
    }
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

  /** Calls `listener` after every change (the state file uses it). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Called after every change: by the request pipeline after each successful write, and by the store itself. */
  changed(): void {
    for (const listener of this.listeners) listener();
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
    this.tasks.set(created.id, created);
    this.indexActive(created);
    this.planTask(created.id, { finishAt: now + this.taskDelayMs, outcome });
    this.mark("tasks", created.id);
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
      const task = this.tasks.get(id);
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
    this.unindexActive(task);
    this.mark("tasks", task.id);
    task.updated_on = at;
    task.finished_on = at;
    if (outcome.state === "ERROR") {
      task.state = "ERROR";
      task.error = outcome.error;
      return;
    }
    task.state = "FINISHED";
    const effect = "effect" in outcome ? outcome.effect : undefined;
    if (effect?.kind === "createBareMetal") {
      this.instances.set(effect.instance.id, { ...effect.instance, status: "ACTIVE" });
      this.mark("instances", effect.instance.id);
      for (const port of effect.ports) {
        this.ports.set(port.id, port);
        this.mark("ports", port.id);
      }
      task.created_resources = { instances: [effect.instance.id], ports: effect.ports.map((p) => p.id) };
    } else {
      if (effect) {
        const port = this.ports.get(effect.portId);
        if (port) {
          port.allowed_address_pairs = effect.pairs;
          this.mark("ports", port.id);
        }
      }
      task.created_resources = {};
    }
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
    const task = this.tasks.get(id);
    if (!task) return { problem: "unknown" };
    if (!this.activeTaskIds.has(id)) return { problem: "ended" };
    const plan = this.taskPlans.get(id);
    if (completion.state === "FINISHED" && plan?.outcome.state === "ERROR") {
      return { problem: "doomed", error: plan.outcome.error };
    }
    this.taskPlans.delete(id);
    const outcome = completion.state === "FINISHED" && plan ? plan.outcome : completion;
    this.endTask(task, outcome, this.now());
    this.changed();
    return { task };
  }

  /**
   * A page of the active (not final) tasks of a project and region, oldest first, optionally of some task
   * types only, and how many match. One type (or none) is answered from an index without a scan.
   */
  activeTaskPage(
    projectId: number,
    regionId: number,
    types: readonly string[],
    offset: number,
    limit: number,
  ): { count: number; results: Task[] } {
    this.settleTasks();
    const region = regionKey(projectId, regionId);
    const distinct = [...new Set(types)];
    const toTasks = (ids: string[]) => ids.map((id) => this.tasks.get(id)).filter((t) => t !== undefined);
    if (distinct.length <= 1) {
      const key = distinct.length === 0 ? region : `${region}|${distinct[0]}`;
      const index = (distinct.length === 0 ? this.activeByRegion : this.activeByType).get(key);
      if (!index) return { count: 0, results: [] };
      return { count: index.size, results: toTasks(index.page(offset, limit)) };
    }
    // Several types: the region's list, filtered (the types are few and rarely combined).
    const wanted = new Set(distinct);
    const ids = [...(this.activeByRegion.get(region) ?? [])].filter((id) =>
      wanted.has(String(this.tasks.get(id)?.task_type)),
    );
    return { count: ids.length, results: toTasks(ids.slice(offset, offset + limit)) };
  }

  getTask(id: string): Task | undefined {
    this.settleTasks();
    return this.tasks.get(id);
  }

  // --- notification settings ------------------------------------------------------------------------

  /** Adds a setting; returns undefined when the reseller already has this type for this e-mail. */
  addNotificationSetting(
    resellerId: number,
    input: Pick<ResellerNotificationSetting, "notification_type" | "email"> & { enabled?: boolean },
  ): ResellerNotificationSetting | undefined {
    const bucket = this.notificationSettings.get(resellerId);
    if (!bucket) throw new Error(`no reseller ${resellerId}`);
    const key = settingKey(input.notification_type, input.email);
    if (bucket.taken.has(key)) return undefined;
    const setting: ResellerNotificationSetting = {
      id: this.nextNotificationId++,
      reseller: resellerId,
      notification_type: input.notification_type,
      email: input.email,
      enabled: input.enabled ?? true,
    };
    bucket.list.push(setting);
    bucket.taken.add(key);
    this.mark("notificationSettings", setting.id);
    return setting;
  }

  // --- whole state ------------------------------------------------------------------------------

  /** Everything, in API shape (tasks settled first). */
  snapshot(): SandboxState {
    this.settleTasks();
    return {
      ...this.persistedState(),
      plans: this.catalogue.plans,
      metrics: this.catalogue.metrics,
      billingRegions: this.catalogue.billingRegions,
      planContents: this.catalogue.planContents,
    };
  }

  private persistedState(): PersistedState["state"] {
    return {
      regions: [...this.regions.values()],
      projects: [...this.projects.values()],
      quotas: this.quotas,
      flavors: [...this.flavors.values()],
      images: [...this.images.values()],
      appTemplates: [...this.appTemplates.values()],
      securityGroups: [...this.securityGroups.values()],
      ports: [...this.ports.values()],
      instances: [...this.instances.values()],
      tasks: [...this.tasks.values()],
      streams: [...this.streams.values()],
      cdnResources: [...this.cdnResources.values()],
      resellers: [...this.resellers.values()],
      notificationSettings: [...this.notificationSettings.values()]
        .flatMap((b) => b.list)
        .sort((a, b) => a.id - b.id),
    };
  }

  /** What a state file keeps. */
  toPersisted(): PersistedState {
    return {
      version: 1,
      seed: this.seed,
      random: this.random.state,
      nextNotificationId: this.nextNotificationId,
      taskPlans: Object.fromEntries(this.taskPlans),
      clock: this.clock.state,
      faults: this.faults,
      state: this.persistedState(),
    };
  }

  /** Restores what `toPersisted` returned (the catalogue is generated again from the seed). */
  restore(saved: PersistedState): void {
    if (saved.version !== 1) throw new Error(`unsupported state file version ${String(saved.version)}`);
    this.random = new Random(saved.seed, saved.random);
    this.catalogue = catalogueOf(saved.seed);
    this.clock.state = saved.clock ?? realClock();
    this.faults = saved.faults ?? [];
    this.load(saved.state);
    this.taskPlans = new Map();
    this.finishQueue = new MinHeap();
    for (const [id, plan] of Object.entries(saved.taskPlans)) this.planTask(id, plan);
    this.nextNotificationId = saved.nextNotificationId;
  }
}

function settingKey(type: string, email: string): string {
  return `${type}|${email.toLowerCase()}`;
}
