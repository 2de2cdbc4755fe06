// The types of the control API's handlers, taken per operation from the `operations` generated from
// control/openapi.yaml (./schema.ts): what a handler of K receives and the answers it may give.
import type { DocumentModel } from "@cloud-contract/spec/model";
import type { Handler } from "../http/api-handler.js";
import type { JsonContent, OrEmpty } from "../http/operation-parts.js";
import type { Tenant, TenantRegistry } from "../tenants/registry.js";
import type { operations } from "./schema.js";

/** What a control handler acts on: the caller's tenant, the registry and the served API, whose operations faults name. */
export interface ControlApp {
  tenant: Tenant;
  registry: TenantRegistry;
  served: DocumentModel;
}

export type ControlOperationId = keyof operations;

type Operation<K extends ControlOperationId> = operations[K];

type Responses<K extends ControlOperationId> = Operation<K>["responses"];
type SuccessStatus<K extends ControlOperationId> = Extract<keyof Responses<K>, 200 | 201 | 204>;

/** A documented success answer of K: its status and the body that status documents. Errors are thrown. */
export type ControlResult<K extends ControlOperationId> = {
  [S in SuccessStatus<K>]: { status: S } & BodyOf<JsonContent<Responses<K>[S]>>;
}[SuccessStatus<K>];
/** A status without content (204) answers no body. */
type BodyOf<Body> = [Body] extends [undefined] ? { body?: undefined } : { body: Body };

type RequestOf<K extends ControlOperationId> = {
  params: OrEmpty<NonNullable<Operation<K>["parameters"]["path"]>>;
  query: object;
  body: JsonContent<Operation<K>["requestBody"]>;
};

export type ControlHandler<K extends ControlOperationId> = Handler<
  ControlApp,
  RequestOf<K>,
  ControlResult<K>
>;

/** One handler per operation of the control API and none else: a missing or extra one is a compile error. */
export type ControlHandlers = { [K in ControlOperationId]: ControlHandler<K> };
