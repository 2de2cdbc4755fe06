// Every operation's seeded bugs (src/operations/<operationId>/bugs.ts), for bench:bugs and the tests that prove
// the engines; not published with the package.
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
  createBareMetalServers,
  getTask,
  replacePortAllowedAddressPairs,
  listActiveTasks,
  updateSecurityGroup,
  updateSecurityGroupV2,
  listPlanContents,
  addResellerNotificationSetting,
  listResellerNotificationSettings,
  resetStreamPushToken,
  revokeCdnCertificate,
  checkRegistryQuota,
  previewInstancePrice,
};
