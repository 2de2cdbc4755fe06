// What a tenant is to the cloud service's handlers (see `ServiceTenant`).
import type { OperationId } from "@cloud-contract/types";
import type { SandboxContext, SandboxHandler } from "../../handlers/types.js";
import type { ServiceTenant } from "../service.js";
import type { CloudPart } from "./cloud-part.js";
import type { CLOUD_ENTITIES } from "./entities.js";
import type { CloudReference } from "./reference.js";

export type CloudTenant = ServiceTenant<
  "cloud",
  typeof CLOUD_ENTITIES,
  CloudReference,
  Record<never, number>,
  CloudPart
>;
export type CloudContext<K extends OperationId> = SandboxContext<K, CloudTenant>;
export type CloudHandler<K extends OperationId> = SandboxHandler<K, CloudTenant>;
