import type { ServiceHandlers } from "../../service.js";
import type { CdnTenant } from "../tenant.js";
import { revokeCdnCertificate } from "./certificates.js";

/** The CDN service's handlers, by operationId. */
export const CDN_HANDLERS = { revokeCdnCertificate } satisfies ServiceHandlers<CdnTenant>;
