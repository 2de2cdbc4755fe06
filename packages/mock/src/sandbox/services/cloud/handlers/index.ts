/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/generate-handler-tables.mjs — do not edit.
 * An operation of area `<service>/<topic>` is the export of handlers/<topic>.ts named after it: write it
 * there and run `pnpm generate`; a test fails when this file is stale.
 */

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
  createBareMetalServers,
  getTask,
  listActiveTasks,
  previewInstancePrice,
  replacePortAllowedAddressPairs,
  updateSecurityGroup,
  updateSecurityGroupV2,
} satisfies ServiceHandlers<CloudTenant>;
