// What a tenant's store keeps for the cloud service beside its entities: the scheduler of its tasks and the
// limit of user tags per security group.
import { type SchedulerHost, TaskScheduler } from "./task-scheduler.js";

/** The default most user tags per security group; a change beyond it is a 400 (the operation says so). */
export const DEFAULT_MAX_TAGS_PER_GROUP = 1_000;

export interface CloudOptions {
  /** Most user tags one security group holds (default {@link DEFAULT_MAX_TAGS_PER_GROUP}). */
  maxTagsPerGroup?: number;
}

export class CloudTenant {
  /** Starts the tasks and ends them when their time comes. */
  readonly scheduler: TaskScheduler;
  readonly maxTagsPerGroup: number;

  constructor(host: SchedulerHost, options: CloudOptions = {}) {
    this.scheduler = new TaskScheduler(host);
    this.maxTagsPerGroup = options.maxTagsPerGroup ?? DEFAULT_MAX_TAGS_PER_GROUP;
  }
}
