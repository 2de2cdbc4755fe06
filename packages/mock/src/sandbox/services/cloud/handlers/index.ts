import type { ServiceHandlers } from "../../service.js";
import type { CloudTenant } from "../tenant.js";
import { createBareMetalServers } from "./bare-metal.js";
import { replacePortAllowedAddressPairs } from "./ports.js";
import { previewInstancePrice } from "./pricing.js";
import { checkRegistryQuota } from "./registry.js";
import { updateSecurityGroup, updateSecurityGroupV2 } from "./security-groups.js";
import { getTask, listActiveTasks } from "./tasks.js";

/** The cloud service's handlers, by operationId. */
export const CLOUD_HANDLERS = {
  checkRegistryQuota,
  listActiveTasks,
  getTask,
  previewInstancePrice,
  updateSecurityGroup,
  updateSecurityGroupV2,
  replacePortAllowedAddressPairs,
  createBareMetalServers,
} satisfies ServiceHandlers<CloudTenant>;
