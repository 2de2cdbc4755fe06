// What a tenant is to the streaming service's handlers (see `ServiceTenant`).
import type { OperationId } from "@cloud-contract/types";
import type { SandboxHandler } from "../../handlers/types.js";
import type { ServiceTenant, TenantPart } from "../service.js";
import type { STREAMING_ENTITIES } from "./entities.js";

export type StreamingTenant = ServiceTenant<
  "streaming",
  typeof STREAMING_ENTITIES,
  undefined,
  Record<never, number>,
  TenantPart
>;
export type StreamingHandler<K extends OperationId> = SandboxHandler<K, StreamingTenant>;
