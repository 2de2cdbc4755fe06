import type { LiveStream, ResellerNotificationSetting, SecurityGroup, Task } from "@cloud-contract/types";
import { type ClockState, realClock, TenantClock } from "./clock/clock.js";
import type { FaultRule } from "./faults/fault.js";
import { cdnResources } from "./fixtures/cdn.js";
import * as cloud from "./fixtures/cloud.js";
import { notificationSettings, resellers } from "./fixtures/iam.js";
import { SANDBOX_FIXTURES } from "./fixtures/ids.js";
import { type Catalogue, generateCatalogue } from "./fixtures/plan-contents.js";
import { streams } from "./fixtures/streams.js";
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

const FINAL = new Set(["FINISHED", "ERROR"]);
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
  private listeners: (() => void)[] = [];

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
    this.nextNotificationId = 100;
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
    this.activeTaskIds = new Set(state.tasks.filter((t) => !FINAL.has(t.state)).map((t) => t.id));
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
    this.activeTaskIds.add(created.id);
    this.taskPlans.set(created.id, { finishAt: now + this.taskDelayMs, outcome });
    return created;
  }

  /** Finishes every task whose time has come and applies its effect. Returns true if any did. */
  settleTasks(): boolean {
    if (this.taskPlans.size === 0) return false;
    const now = this.now();
    let settled = false;
    for (const id of this.activeTaskIds) {
      const plan = this.taskPlans.get(id);
      if (!plan || plan.finishAt > now) continue;
      const task = this.tasks.get(id);
      this.taskPlans.delete(id);
      this.activeTaskIds.delete(id);
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
      return;
    }
    task.state = "FINISHED";
    const effect = "effect" in outcome ? outcome.effect : undefined;
    if (effect?.kind === "createBareMetal") {
      this.instances.set(effect.instance.id, { ...effect.instance, status: "ACTIVE" });
      for (const port of effect.ports) this.ports.set(port.id, port);
      task.created_resources = { instances: [effect.instance.id], ports: effect.ports.map((p) => p.id) };
    } else {
      if (effect) {
        const port = this.ports.get(effect.portId);
        if (port) port.allowed_address_pairs = effect.pairs;
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
    this.activeTaskIds.delete(id);
    const outcome = completion.state === "FINISHED" && plan ? plan.outcome : completion;
    this.endTask(task, outcome, this.now());
    this.changed();
    return { task };
  }

  /** Active (not final) tasks of a project and region, oldest first. */
  activeTasks(projectId: number, regionId: number): Task[] {
    this.settleTasks();
    const out: Task[] = [];
    for (const id of this.activeTaskIds) {
      const task = this.tasks.get(id);
      if (task && task.project_id === projectId && task.region_id === regionId) out.push(task);
    }
    return out;
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
    this.taskPlans = new Map(Object.entries(saved.taskPlans));
    this.nextNotificationId = saved.nextNotificationId;
  }
}

function settingKey(type: string, email: string): string {
  return `${type}|${email.toLowerCase()}`;
}
