// Every operation's statements, one folder per operation (src/operations/<operationId>/behaviours.ts, its
// seeded bugs in bugs.ts beside it): a new operation is its folder and one line here and in bug-registry.ts (the
// types ask for every operation of the spec).
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

// In this order `stateful` sweeps them: a creation's first, as its tasks feed the others.
export const BEHAVIOURS_BY_OPERATION: Record<OperationId, readonly Behaviour[]> = {
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
