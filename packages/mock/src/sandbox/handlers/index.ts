import { listPlanContents } from "./billing/plan-contents.js";
import { revokeCdnCertificate } from "./cdn/certificates.js";
import { createBareMetalServers } from "./cloud/bare-metal.js";
import { replacePortAllowedAddressPairs } from "./cloud/ports.js";
import { previewInstancePrice } from "./cloud/pricing.js";
import { checkRegistryQuota } from "./cloud/registry.js";
import { updateSecurityGroup } from "./cloud/security-groups.js";
import { getTask, listActiveTasks } from "./cloud/tasks.js";
import {
  addResellerNotificationSetting,
  listResellerNotificationSettings,
} from "./iam/notification-settings.js";
import { resetStreamPushToken } from "./streaming/push-token.js";
import type { SandboxHandlers } from "./types.js";

/**
 * The sandbox's handler of every operation of the spec, by operationId; each lives in
 * `handlers/<area>.ts`, the area of its contract tests (`contract-tests/src/<area>.contract.test.ts`).
 */
export const SANDBOX_HANDLERS: SandboxHandlers = {
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
