/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/facts.mjs — do not edit.
 * Change the spec under spec/ and run `pnpm generate`; a test fails when this file is stale.
 */

import type { operations } from "./schema.js";

/** The operationId of each `METHOD /path/template` of the API. */
export const OPERATION_IDS = {
  "POST /cloud/v1/registries/{project_id}/{region_id}/check_limits": "checkRegistryQuota",
  "GET /cloud/v1/tasks/{project_id}/{region_id}/active": "listActiveTasks",
  "GET /cloud/v1/tasks/{task_id}": "getTask",
  "POST /cloud/v2/pricing/{project_id}/{region_id}/instances": "previewInstancePrice",
  "PATCH /cloud/v1/securitygroups/{project_id}/{region_id}/{group_id}": "updateSecurityGroup",
  "PATCH /cloud/v2/security_groups/{project_id}/{region_id}/{group_id}": "updateSecurityGroupV2",
  "PUT /cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs":
    "replacePortAllowedAddressPairs",
  "POST /cloud/v1/bminstances/{project_id}/{region_id}": "createBareMetalServers",
  "GET /billing/org/v1/plans/contents": "listPlanContents",
  "PATCH /cdn/resources/{res_id}": "revokeCdnCertificate",
  "GET /iam/reselling/resellers/{resellerId}/notification_settings": "listResellerNotificationSettings",
  "POST /iam/reselling/resellers/{resellerId}/notification_settings": "addResellerNotificationSetting",
  "POST /streaming/streams/{stream_id}/reset_push_token": "resetStreamPushToken",
} as const satisfies Record<string, keyof operations>;
