import { ApiError, notFound } from "../../http/api-error.js";
import type { ServiceControlHandler } from "../service.js";
import type { CloudTenant } from "./tenant.js";

/**
 * `POST /__sandbox/tasks/{task_id}/complete`: ends a running task of the caller's tenant now, as FINISHED or
 * ERROR. A task planned to fail cannot be finished (409 naming its error), an ended one cannot end again (409),
 * an unknown one is a 404.
 */
export const completeTask: ServiceControlHandler<"completeTask", CloudTenant> = ({ app, params, body }) => {
  const id = params.task_id;
  const result = app.parts.cloud.scheduler.complete(
    id,
    body.state === "ERROR" ? { state: "ERROR", error: body.error ?? "" } : { state: "FINISHED" },
  );
  if ("task" in result) return { status: 200, body: result.task };
  if (result.problem === "doomed") {
    throw new ApiError(409, `Task ${id} was going to fail (${result.error}); complete it as ERROR instead.`);
  }
  if (result.problem === "unknown") throw notFound(`Task ${id}`);
  throw new ApiError(409, `Task ${id} has already ended.`);
};
