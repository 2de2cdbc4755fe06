/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/generate-handler-tables.mjs — do not edit.
 * An operation of area `<service>/<topic>` is the export of handlers/<topic>.ts named after it: write it
 * there and run `pnpm generate`; a test fails when this file is stale.
 */

import type { ServiceHandlers } from "../../service.js";
import type { IamTenant } from "../tenant.js";
import { addResellerNotificationSetting, listResellerNotificationSettings } from "./notification-settings.js";

/** The iam service's handlers, by operationId. */
export const IAM_HANDLERS = {
  addResellerNotificationSetting,
  listResellerNotificationSettings,
} satisfies ServiceHandlers<IamTenant>;
