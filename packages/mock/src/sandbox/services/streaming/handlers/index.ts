/**
 * Generated from @cloud-contract/spec (dist/openapi.json) by scripts/generate-handler-tables.mjs — do not edit.
 * An operation of area `<service>/<topic>` is the export of handlers/<topic>.ts named after it: write it
 * there and run `pnpm generate`; a test fails when this file is stale.
 */

import type { ServiceHandlers } from "../../service.js";
import type { StreamingTenant } from "../tenant.js";
import { resetStreamPushToken } from "./push-token.js";

/** The streaming service's handlers, by operationId. */
export const STREAMING_HANDLERS = {
  resetStreamPushToken,
} satisfies ServiceHandlers<StreamingTenant>;
