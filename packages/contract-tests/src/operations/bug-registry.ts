/**
 * Generated from the folders of src/operations/ by scripts/generate-operation-registries.mjs — do not edit.
 * Add or remove an operation's folder and run `pnpm generate`; a test fails when this file is stale.
 */

// Every operation's seeded bugs (src/operations/<operationId>/bugs.ts), by operationId; not published.
import type { OperationId } from "@cloud-contract/types";
import type { SeededBug } from "../bugs/seeded-bug.js";
import * as addResellerNotificationSetting from "./addResellerNotificationSetting/bugs.js";
import * as checkRegistryQuota from "./checkRegistryQuota/bugs.js";
import * as createBareMetalServers from "./createBareMetalServers/bugs.js";
import * as getTask from "./getTask/bugs.js";
import * as listActiveTasks from "./listActiveTasks/bugs.js";
import * as listPlanContents from "./listPlanContents/bugs.js";
import * as listResellerNotificationSettings from "./listResellerNotificationSettings/bugs.js";
import * as previewInstancePrice from "./previewInstancePrice/bugs.js";
import * as replacePortAllowedAddressPairs from "./replacePortAllowedAddressPairs/bugs.js";
import * as resetStreamPushToken from "./resetStreamPushToken/bugs.js";
import * as revokeCdnCertificate from "./revokeCdnCertificate/bugs.js";
import * as updateSecurityGroup from "./updateSecurityGroup/bugs.js";
import * as updateSecurityGroupV2 from "./updateSecurityGroupV2/bugs.js";

export const BUGS_BY_OPERATION: Record<OperationId, readonly SeededBug[]> = {
  addResellerNotificationSetting: addResellerNotificationSetting.bugs,
  checkRegistryQuota: checkRegistryQuota.bugs,
  createBareMetalServers: createBareMetalServers.bugs,
  getTask: getTask.bugs,
  listActiveTasks: listActiveTasks.bugs,
  listPlanContents: listPlanContents.bugs,
  listResellerNotificationSettings: listResellerNotificationSettings.bugs,
  previewInstancePrice: previewInstancePrice.bugs,
  replacePortAllowedAddressPairs: replacePortAllowedAddressPairs.bugs,
  resetStreamPushToken: resetStreamPushToken.bugs,
  revokeCdnCertificate: revokeCdnCertificate.bugs,
  updateSecurityGroup: updateSecurityGroup.bugs,
  updateSecurityGroupV2: updateSecurityGroupV2.bugs,
};
