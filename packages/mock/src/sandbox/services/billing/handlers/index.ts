/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/generate-handler-tables.mjs — do not edit.
 * An operation of area `<service>/<topic>` is the export of handlers/<topic>.ts named after it: write it
 * there and run `pnpm generate`; a test fails when this file is stale.
 */

import type { ServiceHandlers } from "../../service.js";
import type { BillingTenant } from "../tenant.js";
import { listPlanContents } from "./plan-contents.js";

/** The billing service's handlers, by operationId. */
export const BILLING_HANDLERS = {
  listPlanContents,
} satisfies ServiceHandlers<BillingTenant>;
