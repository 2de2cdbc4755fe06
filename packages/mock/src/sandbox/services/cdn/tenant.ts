// What a tenant is to the CDN service's handlers (see `ServiceTenant`).
import type { OperationId } from "@cloud-contract/types";
import type { SandboxHandler } from "../../handlers/types.js";
import type { ServiceTenant, TenantPart } from "../service.js";
import type { CDN_ENTITIES } from "./entities.js";

export type CdnTenant = ServiceTenant<
  "cdn",
  typeof CDN_ENTITIES,
  undefined,
  Record<never, number>,
  TenantPart
>;
export type CdnHandler<K extends OperationId> = SandboxHandler<K, CdnTenant>;
