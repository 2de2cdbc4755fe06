import type { DocumentModel } from "@cloud-contract/spec/model";
import { armFault, type FaultRequest } from "../faults/inject.js";
import { ApiError, notFound } from "../http/api-error.js";
import type { Handler, HandlerTable } from "../http/api-handler.js";
import type { TaskCompletion } from "../store.js";
import type { Tenant, TenantRegistry } from "../tenants/registry.js";
import { TENANT_IDS } from "./ids.js";

/** What a control handler acts on: the caller's tenant, the registry and the served API, whose operations faults name. */
export interface ControlApp {
  tenant: Tenant;
  registry: TenantRegistry;
  served: DocumentModel;
}

/**
 * A control handler with the request types `control/openapi.yaml` declares for it (the pipeline validates
 * path and body against those schemas before the handler runs).
 */
type ControlHandler<Params extends object = object, Body = undefined> = Handler<
  ControlApp,
  { params: Params; query: object; body: Body }
>;
interface ClockChange {
  mode?: "real" | "manual";
  advance_ms?: number;
}

const clockOf = (tenant: Tenant) => ({
  mode: tenant.store.clock.state.mode,
  now: new Date(tenant.store.now()).toISOString(),
});

const faultOf = (tenant: Tenant, id: string) => {
  const fault = tenant.store.faults.find((f) => f.id === id);
  if (!fault) throw notFound(`Fault ${id}`);
  return fault;
};

/** The control API's handlers, by operationId of `control/openapi.yaml`. */
const setClock: ControlHandler<object, ClockChange> = ({ app, body }) => {
  const { clock } = app.tenant.store;
  if (body.mode) clock.setMode(body.mode);
  if (body.advance_ms) clock.advance(body.advance_ms);
  app.tenant.store.changed();
  return { status: 200, body: clockOf(app.tenant) };
};

const completeTask: ControlHandler<{ task_id: string }, TaskCompletion> = ({ app, params, body }) => {
  const id = params.task_id;
  const result = app.tenant.store.completeTask(id, body);
  if ("task" in result) return { status: 200, body: result.task };
  if (result.problem === "doomed") {
    throw new ApiError(409, `Task ${id} was going to fail (${result.error}); complete it as ERROR instead.`);
  }
  if (result.problem === "unknown") throw notFound(`Task ${id}`);
  throw new ApiError(409, `Task ${id} has already ended.`);
};

const addFault: ControlHandler<object, FaultRequest> = ({ app, body }) => ({
  status: 201,
  body: armFault(app.tenant.store, body, app.served),
});

const getFault: ControlHandler<{ fault_id: string }> = ({ app, params }) => ({
  status: 200,
  body: faultOf(app.tenant, params.fault_id),
});

const deleteFault: ControlHandler<{ fault_id: string }> = ({ app, params }) => {
  const fault = faultOf(app.tenant, params.fault_id);
  app.tenant.store.faults = app.tenant.store.faults.filter((f) => f !== fault);
  app.tenant.store.changed();
  return { status: 204 };
};

export const CONTROL_HANDLERS: HandlerTable<ControlApp> = {
  createTenant: ({ app, client }) => {
    const tenant = app.registry.create(client);
    const [main, ...scoped] = tenant.record.keys;
    return {
      status: 201,
      body: {
        api_key: main?.api_key,
        scoped_api_keys: scoped,
        ids: TENANT_IDS,
        idle_timeout_ms: app.registry.idleMs,
      },
    };
  },

  resetTenant: ({ app }) => {
    app.tenant.store.reset();
    return { status: 200, body: { message: "The tenant is back to its seeded fixtures." } };
  },

  getTenantState: ({ app }) => ({ status: 200, body: app.tenant.store.snapshot() }),

  getClock: ({ app }) => ({ status: 200, body: clockOf(app.tenant) }),

  setClock,

  completeTask,

  listFaults: ({ app }) => {
    const faults = app.tenant.store.faults;
    return { status: 200, body: { count: faults.length, results: faults } };
  },

  addFault,

  clearFaults: ({ app }) => {
    app.tenant.store.faults = [];
    app.tenant.store.changed();
    return { status: 204 };
  },

  getFault,

  deleteFault,
};
