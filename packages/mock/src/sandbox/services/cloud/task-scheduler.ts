import type { SecurityGroup, Task } from "@cloud-contract/types";
import { SANDBOX_FIXTURES } from "../../fixtures/ids.js";
import { MinHeap } from "../../indexes/min-heap.js";
import type { TenantHost } from "../service.js";
import type { CLOUD_ENTITIES } from "./entities.js";
import type { SecurityGroupChange, TaskPlan, TaskRows } from "./shapes.js";

/** How a running task is ended on demand. */
export type TaskCompletion = { state: "FINISHED" } | { state: "ERROR"; error: string };

/** What the scheduler needs of its tenant: the entities a task changes, ids, time, and to tell of changes. */
export type SchedulerHost = TenantHost<typeof CLOUD_ENTITIES>;

/** The scheduler's state (kept whole by a group of writes, to be put back when their commit fails). */
export interface ScheduledTasks {
  /** How each running task ends; tasks without a plan (seeded ones) run forever. */
  plans: Map<string, TaskPlan>;
  /** Running tasks with a plan, by the time they end. */
  finishQueue: MinHeap<string>;
}

/** Runs a store's tasks: starts them, ends each when its time comes (or on demand) and applies its effect. */
export class TaskScheduler {
  private scheduled: ScheduledTasks = emptySchedule();
  /** How rows keep what lies beside a task: its plan while it runs. */
  readonly rows: TaskRows = {
    planOf: (id) => this.scheduled.plans.get(id),
    setPlan: (id, plan) => {
      if (plan) this.plan(id, plan);
      else this.scheduled.plans.delete(id);
    },
  };

  constructor(
    private readonly host: SchedulerHost,
    private readonly taskDelayMs: number,
  ) {}

  /** The plans and the finish queue, as they are now (see `restore`). */
  get state(): ScheduledTasks {
    return this.scheduled;
  }

  /** Takes `state` back as the scheduler's (a group of writes rolled back over a reset). */
  restore(state: ScheduledTasks): void {
    this.scheduled = state;
  }

  /** Forgets every plan (the store opened new entities). */
  clear(): void {
    this.scheduled = emptySchedule();
  }

  /** Adds a RUNNING task that ends as `outcome` after the task delay. */
  start(task: Omit<Task, "id" | "state" | "created_on" | "user_id">, outcome: TaskPlan["outcome"]): Task {
    const now = this.host.now();
    const created: Task = {
      id: this.host.random.uuid(),
      state: "RUNNING",
      created_on: new Date(now).toISOString(),
      user_id: SANDBOX_FIXTURES.userId,
      client_id: SANDBOX_FIXTURES.clientId,
      ...task,
    };
    this.host.entities.tasks.set(created.id, created);
    this.plan(created.id, { finishAt: now + this.taskDelayMs, outcome });
    return created;
  }

  /** Finishes every task whose time has come and applies its effect. Returns true if any did. */
  settle(): boolean {
    const { plans, finishQueue } = this.scheduled;
    if (finishQueue.size === 0) return false;
    const now = this.host.now();
    let settled = false;
    for (let id = this.due(now); id !== undefined; id = this.due(now)) {
      const plan = plans.get(id);
      // A task completed on demand left its entry behind.
      if (!plan || plan.finishAt > now) continue;
      // Handed out (not peeked) before its plan goes: writes in progress keep it as it was (see durable/write-journal.ts).
      const task = this.host.entities.tasks.get(id);
      plans.delete(id);
      if (!task) continue;
      settled = true;
      this.end(task, plan.outcome, plan.finishAt);
    }
    if (settled) this.host.changed();
    return settled;
  }

  /**
   * Ends a running task now, at the store's time. A task planned to fail cannot be finished (`doomed`, with
   * the planned error); a task without a plan (a seeded one) finishes with no effect.
   */
  complete(
    id: string,
    completion: TaskCompletion,
  ): { task: Task } | { problem: "unknown" | "ended" } | { problem: "doomed"; error: string } {
    this.settle();
    const tasks = this.host.entities.tasks;
    const task = tasks.peek(id);
    if (!task) return { problem: "unknown" };
    if (!tasks.index.active.has(id)) return { problem: "ended" };
    const plan = this.scheduled.plans.get(id);
    if (completion.state === "FINISHED" && plan?.outcome.state === "ERROR") {
      return { problem: "doomed", error: plan.outcome.error };
    }
    tasks.get(id);
    this.scheduled.plans.delete(id);
    const outcome = completion.state === "FINISHED" && plan ? plan.outcome : completion;
    this.end(task, outcome, this.host.now());
    this.host.changed();
    return { task };
  }

  /**
   * A page of the active (not final) tasks of a project and region, oldest first, optionally of some task
   * types only, and how many match.
   */
  activePage(
    projectId: number,
    regionId: number,
    types: readonly string[],
    offset: number,
    limit: number,
  ): { count: number; results: Task[] } {
    this.settle();
    const tasks = this.host.entities.tasks;
    const { count, ids } = tasks.index.active.page(projectId, regionId, types, offset, limit);
    return { count, results: ids.map((id) => tasks.peek(id)).filter((t) => t !== undefined) };
  }

  /** A task as it is now (ended first when its time has come). */
  get(id: string): Task | undefined {
    this.settle();
    return this.host.entities.tasks.peek(id);
  }

  /** Takes the next task whose planned end is at or before `now` off the finish queue; undefined when none is. */
  private due(now: number): string | undefined {
    const { finishQueue } = this.scheduled;
    return (finishQueue.peekKey() ?? Number.POSITIVE_INFINITY) <= now ? finishQueue.pop() : undefined;
  }

  private plan(id: string, plan: TaskPlan): void {
    this.scheduled.plans.set(id, plan);
    this.scheduled.finishQueue.push(plan.finishAt, id);
  }

  /** Sets a task's final state and times, and applies its effect when it finished. */
  private end(task: Task, outcome: TaskPlan["outcome"] | { state: "FINISHED" }, atMs: number): void {
    const { instances, ports, securityGroups, tasks } = this.host.entities;
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
        instances.set(effect.instance.id, { ...effect.instance, status: "ACTIVE" });
        for (const port of effect.ports) ports.set(port.id, port);
        task.created_resources = { instances: [effect.instance.id], ports: effect.ports.map((p) => p.id) };
      } else {
        if (effect?.kind === "setAllowedAddressPairs") {
          const port = ports.get(effect.portId);
          if (port) port.allowed_address_pairs = effect.pairs;
        } else if (effect?.kind === "updateSecurityGroup") {
          updateGroup(securityGroups.get(effect.groupId), effect.change, atMs);
        }
        task.created_resources = {};
      }
    }
    // The task is final now: out of the active tasks, and recorded.
    tasks.refresh(task.id);
  }
}

/** Sets what a finished update changes on a group (gone since: nothing), a new revision at `atMs` or later. */
function updateGroup(group: SecurityGroup | undefined, change: SecurityGroupChange, atMs: number): void {
  if (!group) return;
  Object.assign(group, change);
  group.revision_number += 1;
  group.updated_at = new Date(Math.max(atMs, Date.parse(group.updated_at) + 1)).toISOString();
}

const emptySchedule = (): ScheduledTasks => ({ plans: new Map(), finishQueue: new MinHeap() });
