import { createBareMetalServers } from "./baremetal.js";
import { listPlanContents } from "./billing.js";
import { revokeCdnCertificate } from "./cdn.js";
import type { SandboxHandler } from "./common.js";
import { addResellerNotificationSetting, listResellerNotificationSettings } from "./iam.js";
import { replacePortAllowedAddressPairs } from "./ports.js";
import { previewInstancePrice } from "./pricing.js";
import { checkRegistryQuota } from "./quota.js";
import { updateSecurityGroup } from "./security-groups.js";
import { resetStreamPushToken } from "./streaming.js";
import { getTask, listActiveTasks } from "./tasks.js";

/** The sandbox's handler of every operation of the spec, by operationId. */
export const SANDBOX_HANDLERS: Record<string, SandboxHandler> = {
  checkRegistryQuota,
  listActiveTasks,
  getTask,
  previewInstancePrice,
  updateSecurityGroup,
  replacePortAllowedAddressPairs,
  createBareMetalServers,
  listPlanContents,
  revokeCdnCertificate,
  addResellerNotificationSetting,
  listResellerNotificationSettings,
  resetStreamPushToken,
};
