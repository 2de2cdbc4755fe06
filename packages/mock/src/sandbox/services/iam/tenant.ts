// What a tenant is to the IAM service's handlers (see `ServiceTenant`).
import type { OperationId } from "@cloud-contract/types";
import type { SandboxHandler } from "../../handlers/types.js";
import type { ServiceTenant, TenantPart } from "../service.js";
import type { IAM_COUNTERS, IAM_ENTITIES, iamReference } from "./entities.js";

export type IamTenant = ServiceTenant<
  "iam",
  typeof IAM_ENTITIES,
  ReturnType<typeof iamReference>,
  typeof IAM_COUNTERS,
  TenantPart
>;
export type IamHandler<K extends OperationId> = SandboxHandler<K, IamTenant>;
