// What a tenant keeps for the cloud service beside its entities: the scheduler of its tasks and the limit of
// user tags per security group.
import type { TenantHost, TenantOptions, TenantPart } from "../service.js";
import type { CLOUD_ENTITIES } from "./entities.js";
import type { TaskPlan, TaskRows } from "./shapes.js";
import { TaskScheduler } from "./task-scheduler.js";

/** The default most user tags per security group; a change beyond it is a 400 (the operation says so). */
export const DEFAULT_MAX_TAGS_PER_GROUP = 1_000;
/** How long a new task runs before it finishes by default (ms). */
export const DEFAULT_TASK_DELAY_MS = 200;

/** The cloud service's part of a tenant; its task rows keep each running task's plan through it. */
export class CloudPart implements TenantPart, TaskRows {
  /** Starts the tasks and ends them when their time comes. */
  readonly scheduler: TaskScheduler;
  readonly maxTagsPerGroup: number;

  constructor(host: TenantHost<typeof CLOUD_ENTITIES>, options: TenantOptions = {}) {
    this.scheduler = new TaskScheduler(host, options.taskDelayMs ?? DEFAULT_TASK_DELAY_MS);
    this.maxTagsPerGroup = options.maxTagsPerGroup ?? DEFAULT_MAX_TAGS_PER_GROUP;
  }

  planOf(taskId: string): TaskPlan | undefined {
    return this.scheduler.rows.planOf(taskId);
  }

  setPlan(taskId: string, plan: TaskPlan | undefined): void {
    this.scheduler.rows.setPlan(taskId, plan);
  }

  clear(): void {
    this.scheduler.clear();
  }

  settle(): void {
    this.scheduler.settle();
  }

  checkpoint(): () => void {
    const kept = this.scheduler.state;
    return () => this.scheduler.restore(kept);
  }
}
