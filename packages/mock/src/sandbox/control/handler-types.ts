// The types of the control API's handlers (./operation-types.ts per operation): what a handler of K receives and
// the answers it may give.
import type { DocumentModel } from "@cloud-contract/spec/model";
import type { Handler } from "../http/api-handler.js";
import type { Tenant, TenantRegistry } from "../tenants/registry.js";
import type { ControlOperationId, ControlRequest, ControlResult } from "./operation-types.js";

/** What a control handler acts on: the caller's tenant, the registry and the served API, whose operations faults name. */
export interface ControlApp {
  tenant: Tenant;
  registry: TenantRegistry;
  served: DocumentModel;
}

export type ControlHandler<K extends ControlOperationId> = Handler<
  ControlApp,
  ControlRequest<K>,
  ControlResult<K>
>;

/** One handler per operation of the control API and none else: a missing or extra one is a compile error. */
export type ControlHandlers = { [K in ControlOperationId]: ControlHandler<K> };
