// The operations of the API as the suite groups them: the bundle's, so a new operation joins every
// per-operation table (and the compiler asks for its sample request in requests.ts).
import type { OperationId } from "@cloud-contract/types";
import { listOperations } from "../validate.js";

export type { OperationId };

/** Every operationId of the bundled spec, in the spec's order. */
export const OPERATION_IDS: readonly OperationId[] = listOperations().map(
  (o) => o.operationId as OperationId,
);

/**
 * What an operation changes when it succeeds; absent for operations that only read (a quota check
 * and a price preview are POSTs, but they change nothing). On the real API these run only with
 * CONTRACT_ALLOW_MUTATIONS=1 — negative requests included, in case the API wrongly accepts one.
 */
export const CHANGES: Partial<Record<OperationId, string>> = {
  updateSecurityGroup: "the security group's rules, name or tags",
  replacePortAllowedAddressPairs: "the port's allowed address pairs",
  createBareMetalServers: "billable bare metal servers",
  revokeCdnCertificate: "the CDN resource's certificate (HTTPS is turned off)",
  addResellerNotificationSetting: "the reseller's notification settings (no operation removes them)",
  resetStreamPushToken: "the stream's push token (encoders must be reconfigured)",
};
