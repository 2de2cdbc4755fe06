import type { SandboxHandlers } from "../../../handlers/types.js";
import { revokeCdnCertificate } from "./certificates.js";

/** The CDN service's handlers, by operationId. */
export const CDN_HANDLERS = { revokeCdnCertificate } satisfies Partial<SandboxHandlers>;
