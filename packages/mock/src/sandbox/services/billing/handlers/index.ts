import type { ServiceHandlers } from "../../service.js";
import type { BillingTenant } from "../tenant.js";
import { listPlanContents } from "./plan-contents.js";

/** The billing service's handlers, by operationId. */
export const BILLING_HANDLERS = { listPlanContents } satisfies ServiceHandlers<BillingTenant>;
