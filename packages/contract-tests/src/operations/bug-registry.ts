/**
 * Generated from the folders of src/operations/ by scripts/generate-operation-registries.mjs — do not edit.
 * Add or remove an operation's folder and run `pnpm generate`; a test fails when this file is stale.
 */

// Every operation's seeded bugs (src/operations/<operationId>/bugs.ts), by operationId; not published.
import type { OperationId } from "@cloud-contract/types";
import type { SeededBug } from "../bugs/seeded-bug.js";
import { bugs as addResellerNotificationSetting } from "./addResellerNotificationSetting/bugs.js";
import { bugs as checkRegistryQuota } from "./checkRegistryQuota/bugs.js";
import { bugs as createBareMetalServers } from "./createBareMetalServers/bugs.js";
import { bugs as getTask } from "./getTask/bugs.js";
import { bugs as listActiveTasks } from "./listActiveTasks/bugs.js";
import { bugs as listPlanContents } from "./listPlanContents/bugs.js";
import { bugs as listResellerNotificationSettings } from "./listResellerNotificationSettings/bugs.js";
import { bugs as previewInstancePrice } from "./previewInstancePrice/bugs.js";
import { bugs as replacePortAllowedAddressPairs } from "./replacePortAllowedAddressPairs/bugs.js";
import { bugs as resetStreamPushToken } from "./resetStreamPushToken/bugs.js";
import { bugs as revokeCdnCertificate } from "./revokeCdnCertificate/bugs.js";
import { bugs as updateSecurityGroup } from "./updateSecurityGroup/bugs.js";
import { bugs as updateSecurityGroupV2 } from "./updateSecurityGroupV2/bugs.js";

export const BUGS_BY_OPERATION: Record<OperationId, readonly SeededBug[]> = {
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
