// One well-formed request per operation, built from the target's ids. The auth table sends these
// with a broken Authorization header; shape tests build their own variants.
import type { ContractContext } from "../context.js";
import type { CloudClient } from "./client.js";
import type { FetchResult } from "./harness.js";
import type { OperationId } from "./operations.js";

/** A task id that exists nowhere: the auth checks come before the lookup. */
export const UNKNOWN_TASK_ID = "00000000-0000-4000-8000-000000000000";

/** An address unique to this run and call, so repeated runs never collide (the sandbox answers 409 to duplicates). */
export function uniqueEmail(label: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `contract-${label}-${stamp}@example.com`;
}

export function projectRegion(ctx: ContractContext) {
  return { project_id: ctx.ids.projectId, region_id: ctx.ids.regionId };
}

export function sampleCall(
  operationId: OperationId,
  client: CloudClient,
  ctx: ContractContext,
): Promise<FetchResult> {
  const path = projectRegion(ctx);
  switch (operationId) {
    case "checkRegistryQuota":
      return client.POST("/cloud/v1/registries/{project_id}/{region_id}/check_limits", {
        params: { path },
        body: { storage_limit: 10 },
      });
    case "listActiveTasks":
      return client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
        params: { path, query: { limit: 10, offset: 0 } },
      });
    case "getTask":
      return client.GET("/cloud/v1/tasks/{task_id}", {
        params: { path: { task_id: ctx.fixtures.finishedTaskId ?? UNKNOWN_TASK_ID } },
      });
    case "previewInstancePrice":
      return client.POST("/cloud/v2/pricing/{project_id}/{region_id}/instances", {
        params: { path },
        body: {
          flavor: ctx.fixtures.instanceFlavor ?? "g1-standard-2-4",
          interfaces: [{ type: "external" }],
          names: ["contract-test"],
        },
      });
    case "updateSecurityGroup":
      return client.PATCH("/cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}", {
        params: { path: { ...path, group_id: ctx.ids.securityGroupId } },
        body: {},
      });
    case "replacePortAllowedAddressPairs":
      return client.PUT("/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs", {
        params: { path: { ...path, port_id: ctx.ids.portId } },
        body: { allowed_address_pairs: [{ ip_address: "192.168.123.20", mac_address: "00:16:3e:f2:87:16" }] },
      });
    case "createBareMetalServers":
      return client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
        params: { path },
        body: {
          flavor: ctx.fixtures.bareMetalFlavor ?? "bm1-infrastructure-small",
          image_id: ctx.fixtures.imageId ?? "b5b4d65d-945f-4b98-ab6f-332319c724ef",
          interfaces: [{ type: "external" }],
          name: "contract-test",
        },
      });
    case "listPlanContents":
      return client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 10, offset: 0 } } });
    case "revokeCdnCertificate":
      return client.PATCH("/cdn/resources/{res_id}", {
        params: { path: { res_id: ctx.ids.cdnResourceId } },
        body: { sslData: null, sslEnabled: false },
      });
    case "addResellerNotificationSetting":
      return client.POST("/iam/reselling/resellers/{resellerId}/notification_settings", {
        params: { path: { resellerId: ctx.ids.resellerId } },
        body: { notification_type: "failed_login", email: uniqueEmail("auth"), enabled: true },
      });
    case "listResellerNotificationSettings":
      return client.GET("/iam/reselling/resellers/{resellerId}/notification_settings", {
        params: { path: { resellerId: ctx.ids.resellerId }, query: { limit: 10, offset: 0 } },
      });
    case "resetStreamPushToken":
      return client.POST("/streaming/streams/{stream_id}/reset_push_token", {
        params: { path: { stream_id: ctx.ids.streamId } },
      });
  }
}
