import type { TaskIdList } from "@cloud-contract/types";
import { assertRoom } from "../../../handlers/common.js";
import { notFound } from "../../../http/api-error.js";
import type { CloudHandler } from "../tenant.js";
import { projectRegion } from "./project-region.js";

/**
 * PUT /cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs — starts a task that
 * replaces the port's pairs, as given, when it finishes (the schema allows a pair twice, and so does the sandbox).
 */
export const replacePortAllowedAddressPairs: CloudHandler<"replacePortAllowedAddressPairs"> = (ctx) => {
  const { projectId, regionId } = projectRegion(ctx.app, ctx.params);
  const port = ctx.app.entities.ports.peek(ctx.params.port_id);
  if (!port || port.project_id !== projectId || port.region_id !== regionId) {
    throw notFound(`Port ${ctx.params.port_id}`);
  }
  const pairs = ctx.body?.allowed_address_pairs ?? [];
  assertRoom(ctx.app, { tasks: 1 });
  const task = ctx.app.parts.cloud.scheduler.start(
    {
      task_type: "update_port_allowed_address_pairs",
      project_id: projectId,
      region_id: regionId,
      request_id: ctx.requestId,
    },
    { state: "FINISHED", effect: { kind: "setAllowedAddressPairs", portId: port.id, pairs } },
  );
  const body: TaskIdList = { tasks: [task.id] };
  return { status: 200, body };
};
