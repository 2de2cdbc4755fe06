import type { SandboxHandlers } from "../../../handlers/types.js";
import { listPlanContents } from "./plan-contents.js";

/** The billing service's handlers, by operationId. */
export const BILLING_HANDLERS = { listPlanContents } satisfies Partial<SandboxHandlers>;
