// What the cloud service adds to a tenant's snapshot: the running tasks that will end by themselves, how long
// each still runs and how it ends; loaded back as the plans of those tasks' rows.
import { isObject } from "@cloud-contract/spec/model";
import type { SnapshotPartProblem, SnapshotSection } from "../service.js";
import type { CloudPart } from "./cloud-part.js";
import { TASK_OUTCOME_SCHEMA } from "./entity-schemas.js";
import type { TaskPlan, TaskRows } from "./shapes.js";

/** A task still running when the snapshot was taken: how long it still runs, and how it will end. */
export interface PendingTask {
  task_id: string;
  remaining_ms: number;
  outcome: TaskPlan["outcome"];
}

const PENDING_TASKS_SCHEMA = {
  type: "array",
  items: {
    type: "object",
    required: ["task_id", "remaining_ms", "outcome"],
    properties: {
      task_id: { type: "string", minLength: 1 },
      remaining_ms: { type: "integer", minimum: 0 },
      outcome: TASK_OUTCOME_SCHEMA,
    },
    additionalProperties: false,
  },
};

/** Whether a listed entity has a task's id and state (the schema checked the rest). */
const isTask = (value: unknown): value is { id: string; state: string } =>
  isObject(value) && typeof value.id === "string" && typeof value.state === "string";

/** What the cloud service adds to a snapshot document. */
export interface CloudSnapshot extends Record<string, unknown> {
  /** The running tasks that will end by themselves (a running task not listed runs until completed). */
  pending_tasks: PendingTask[];
}

export const CLOUD_SNAPSHOT: SnapshotSection<CloudPart, CloudSnapshot> = {
  properties: { pending_tasks: PENDING_TASKS_SCHEMA },
  take(part, now) {
    const pending: PendingTask[] = [...part.scheduler.state.plans].map(([task_id, plan]) => ({
      task_id,
      remaining_ms: Math.max(0, plan.finishAt - now),
      outcome: plan.outcome,
    }));
    return { pending_tasks: pending };
  },
  rowContext(doc, now): TaskRows {
    const plans = new Map<string, TaskPlan>(
      (doc.pending_tasks ?? []).map((p) => [
        p.task_id,
        { finishAt: now + p.remaining_ms, outcome: p.outcome },
      ]),
    );
    return { planOf: (id) => plans.get(id), setPlan: () => undefined };
  },
  check(doc, entities) {
    const problems: SnapshotPartProblem[] = [];
    const tasks = new Map((entities.tasks ?? []).filter(isTask).map((task) => [task.id, task]));
    const pending = new Set<string>();
    (doc.pending_tasks ?? []).forEach((entry, index) => {
      const task = tasks.get(entry.task_id);
      const pointer = `/pending_tasks/${index}/task_id`;
      const entity = `tasks ${entry.task_id}`;
      if (!task) problems.push({ entity, pointer, rule: "references resolve: there is no such task" });
      else if (task.state !== "RUNNING" && task.state !== "NEW") {
        problems.push({ entity, pointer, rule: `only a running task can be pending (it is ${task.state})` });
      } else if (pending.has(entry.task_id)) {
        problems.push({ entity, pointer, rule: "a task is pending once" });
      }
      pending.add(entry.task_id);
    });
    return problems;
  },
};
