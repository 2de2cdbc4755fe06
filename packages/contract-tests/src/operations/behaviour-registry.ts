/**
 * Generated from the folders of src/operations/ by scripts/generate-operation-registries.mjs — do not edit.
 * Add or remove an operation's folder and run `pnpm generate`; a test fails when this file is stale.
 */

// Every operation's statements and behavioural sentences (src/operations/<operationId>/behaviours.ts).
import type { OperationId } from "@cloud-contract/types";
import type { Behaviour } from "../stateful/behaviour.js";
import type { SentenceStatement } from "../stateful/sentence-statement.js";
import * as addResellerNotificationSetting from "./addResellerNotificationSetting/behaviours.js";
import * as checkRegistryQuota from "./checkRegistryQuota/behaviours.js";
import * as createBareMetalServers from "./createBareMetalServers/behaviours.js";
import * as getTask from "./getTask/behaviours.js";
import * as listActiveTasks from "./listActiveTasks/behaviours.js";
import * as listPlanContents from "./listPlanContents/behaviours.js";
import * as listResellerNotificationSettings from "./listResellerNotificationSettings/behaviours.js";
import * as previewInstancePrice from "./previewInstancePrice/behaviours.js";
import * as replacePortAllowedAddressPairs from "./replacePortAllowedAddressPairs/behaviours.js";
import * as resetStreamPushToken from "./resetStreamPushToken/behaviours.js";
import * as revokeCdnCertificate from "./revokeCdnCertificate/behaviours.js";
import * as updateSecurityGroup from "./updateSecurityGroup/behaviours.js";
import * as updateSecurityGroupV2 from "./updateSecurityGroupV2/behaviours.js";

export const BEHAVIOURS_BY_OPERATION: Record<OperationId, readonly Behaviour[]> = {
  addResellerNotificationSetting: addResellerNotificationSetting.behaviours,
  checkRegistryQuota: checkRegistryQuota.behaviours,
  createBareMetalServers: createBareMetalServers.behaviours,
  getTask: getTask.behaviours,
  listActiveTasks: listActiveTasks.behaviours,
  listPlanContents: listPlanContents.behaviours,
  listResellerNotificationSettings: listResellerNotificationSettings.behaviours,
  previewInstancePrice: previewInstancePrice.behaviours,
  replacePortAllowedAddressPairs: replacePortAllowedAddressPairs.behaviours,
  resetStreamPushToken: resetStreamPushToken.behaviours,
  revokeCdnCertificate: revokeCdnCertificate.behaviours,
  updateSecurityGroup: updateSecurityGroup.behaviours,
  updateSecurityGroupV2: updateSecurityGroupV2.behaviours,
};

export const SENTENCES_BY_OPERATION: Record<OperationId, readonly SentenceStatement[]> = {
  addResellerNotificationSetting: addResellerNotificationSetting.sentences,
  checkRegistryQuota: checkRegistryQuota.sentences,
  createBareMetalServers: createBareMetalServers.sentences,
  getTask: getTask.sentences,
  listActiveTasks: listActiveTasks.sentences,
  listPlanContents: listPlanContents.sentences,
  listResellerNotificationSettings: listResellerNotificationSettings.sentences,
  previewInstancePrice: previewInstancePrice.sentences,
  replacePortAllowedAddressPairs: replacePortAllowedAddressPairs.sentences,
  resetStreamPushToken: resetStreamPushToken.sentences,
  revokeCdnCertificate: revokeCdnCertificate.sentences,
  updateSecurityGroup: updateSecurityGroup.sentences,
  updateSecurityGroupV2: updateSecurityGroupV2.sentences,
};
