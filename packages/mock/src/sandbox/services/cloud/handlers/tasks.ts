import type { TaskList } from "@cloud-contract/types";
import { notFound } from "../../../http/api-error.js";
import type { CloudHandler } from "../tenant.js";
import { projectRegion } from "./project-region.js";

/** GET /cloud/v1/tasks/{project_id}/{region_id}/active — limit, offset, task_type filters. */
export const listActiveTasks: CloudHandler<"listActiveTasks"> = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  // The pipeline fills in the spec's defaults (limit 10, offset 0).
  const { task_type: types, limit = 10, offset = 0 } = ctx.query;
  const body: TaskList = ctx.app.parts.cloud.scheduler.activePage(
    projectId,
    regionId,
    types ?? [],
    offset,
    limit,
  );
  return { status: 200, body };
};

/** GET /cloud/v1/tasks/{task_id} */
export const getTask: CloudHandler<"getTask"> = (ctx) => {
  const task = ctx.app.parts.cloud.scheduler.get(ctx.params.task_id);
  if (!task) throw notFound(`Task ${ctx.params.task_id}`);
  if (typeof task.project_id === "number") ctx.assertScope("projects", task.project_id);
  return { status: 200, body: task };
};
