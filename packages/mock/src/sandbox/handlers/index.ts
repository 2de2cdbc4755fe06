import { BILLING_HANDLERS } from "../services/billing/handlers/index.js";
import { CDN_HANDLERS } from "../services/cdn/handlers/index.js";
import { CLOUD_HANDLERS } from "../services/cloud/handlers/index.js";
import { IAM_HANDLERS } from "../services/iam/handlers/index.js";
import { STREAMING_HANDLERS } from "../services/streaming/handlers/index.js";
import type { SandboxHandlers } from "./types.js";

/**
 * The sandbox's handler of every operation of the spec, by operationId, put together from each service's
 * table; each handler lives in `services/<service>/handlers/<area>.ts`, named after the operation's area.
 */
export const SANDBOX_HANDLERS: SandboxHandlers = {
  ...CLOUD_HANDLERS,
  ...BILLING_HANDLERS,
  ...CDN_HANDLERS,
  ...IAM_HANDLERS,
  ...STREAMING_HANDLERS,
};
