// Every operation's facts, one file each: a new operation is its file and one line here (the type asks for
// every operation of the spec).
import type { OperationId } from "@cloud-contract/types";
import { addResellerNotificationSetting } from "./addResellerNotificationSetting.js";
import { checkRegistryQuota } from "./checkRegistryQuota.js";
import { createBareMetalServers } from "./createBareMetalServers.js";
import { getTask } from "./getTask.js";
import { listActiveTasks } from "./listActiveTasks.js";
import { listPlanContents } from "./listPlanContents.js";
import { listResellerNotificationSettings } from "./listResellerNotificationSettings.js";
import type { OperationFacts } from "./operation-facts.js";
import { previewInstancePrice } from "./previewInstancePrice.js";
import { replacePortAllowedAddressPairs } from "./replacePortAllowedAddressPairs.js";
import { resetStreamPushToken } from "./resetStreamPushToken.js";
import { revokeCdnCertificate } from "./revokeCdnCertificate.js";
import { updateSecurityGroup } from "./updateSecurityGroup.js";
import { updateSecurityGroupV2 } from "./updateSecurityGroupV2.js";

// In this order `stateful` sweeps their statements: a creation's first, as its tasks feed the others.
export const OPERATION_FACTS: Record<OperationId, OperationFacts> = {
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
