/**
 * Generated from the folders of src/operations/ by scripts/generate-operation-registries.mjs — do not edit.
 * Add or remove an operation's folder and run `pnpm generate`; a test fails when this file is stale.
 */

// Every operation's statements (src/operations/<operationId>/behaviours.ts), by operationId.
import type { OperationId } from "@cloud-contract/types";
import type { Behaviour } from "../stateful/behaviour.js";
import { behaviours as addResellerNotificationSetting } from "./addResellerNotificationSetting/behaviours.js";
import { behaviours as checkRegistryQuota } from "./checkRegistryQuota/behaviours.js";
import { behaviours as createBareMetalServers } from "./createBareMetalServers/behaviours.js";
import { behaviours as getTask } from "./getTask/behaviours.js";
import { behaviours as listActiveTasks } from "./listActiveTasks/behaviours.js";
import { behaviours as listPlanContents } from "./listPlanContents/behaviours.js";
import { behaviours as listResellerNotificationSettings } from "./listResellerNotificationSettings/behaviours.js";
import { behaviours as previewInstancePrice } from "./previewInstancePrice/behaviours.js";
import { behaviours as replacePortAllowedAddressPairs } from "./replacePortAllowedAddressPairs/behaviours.js";
import { behaviours as resetStreamPushToken } from "./resetStreamPushToken/behaviours.js";
import { behaviours as revokeCdnCertificate } from "./revokeCdnCertificate/behaviours.js";
import { behaviours as updateSecurityGroup } from "./updateSecurityGroup/behaviours.js";
import { behaviours as updateSecurityGroupV2 } from "./updateSecurityGroupV2/behaviours.js";

export const BEHAVIOURS_BY_OPERATION: Record<OperationId, readonly Behaviour[]> = {
  addResellerNotificationSetting,
  checkRegistryQuota,
  createBareMetalServers,
  getTask,
  listActiveTasks,
  listPlanContents,
  listResellerNotificationSettings,
  previewInstancePrice,
  replacePortAllowedAddressPairs,
  resetStreamPushToken,
  revokeCdnCertificate,
  updateSecurityGroup,
  updateSecurityGroupV2,
};
