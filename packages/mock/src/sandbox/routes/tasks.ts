import type { Task, TaskList } from "@cloud-contract/types";
import { notFound } from "../http/api-error.js";
import { projectRegion, type SandboxHandler } from "./common.js";

/** GET /cloud/v1/tasks/{project_id}/{region_id}/active — limit, offset, task_type filters. */
export const listActiveTasks: SandboxHandler = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx);
  const types = ctx.query.task_type as string[] | undefined;
  const limit = ctx.query.limit as number;
  const offset = ctx.query.offset as number;
  let tasks: Task[] = ctx.app.activeTasks(projectId, regionId);
  if (types && types.length > 0) tasks = tasks.filter((t) => types.includes(t.task_type));
  const body: TaskList = { count: tasks.length, results: tasks.slice(offset, offset + limit) };
  return { status: 200, body };
};

/** GET /cloud/v1/tasks/{task_id} */
export const getTask: SandboxHandler = (ctx) => {
  const task = ctx.app.getTask(ctx.params.task_id as string);
  if (!task) throw notFound(`Task ${String(ctx.params.task_id)}`);
  if (typeof task.project_id === "number") ctx.assertScope("projects", task.project_id);
  return { status: 200, body: task };
};
