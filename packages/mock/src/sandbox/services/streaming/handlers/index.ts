import type { SandboxHandlers } from "../../../handlers/types.js";
import { resetStreamPushToken } from "./push-token.js";

/** The streaming service's handlers, by operationId. */
export const STREAMING_HANDLERS = { resetStreamPushToken } satisfies Partial<SandboxHandlers>;
