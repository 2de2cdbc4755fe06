import type { ServiceHandlers } from "../../service.js";
import type { StreamingTenant } from "../tenant.js";
import { resetStreamPushToken } from "./push-token.js";

/** The streaming service's handlers, by operationId. */
export const STREAMING_HANDLERS = { resetStreamPushToken } satisfies ServiceHandlers<StreamingTenant>;
