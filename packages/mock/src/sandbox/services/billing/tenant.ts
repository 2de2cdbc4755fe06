// What a tenant is to the billing service's handlers (see `ServiceTenant`).
import type { OperationId } from "@cloud-contract/types";
import type { SandboxHandler } from "../../handlers/types.js";
import type { ServiceTenant, TenantPart } from "../service.js";
import type { Catalogue } from "./catalogue.js";

export type BillingTenant = ServiceTenant<
  "billing",
  Record<never, object>,
  { catalogue: Catalogue },
  Record<never, number>,
  TenantPart
>;
export type BillingHandler<K extends OperationId> = SandboxHandler<K, BillingTenant>;
