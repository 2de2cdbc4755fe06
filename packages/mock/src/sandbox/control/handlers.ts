import { armFault, type FaultRequest } from "../faults/inject.js";
import { ApiError, notFound } from "../http/api-error.js";
import type { Handler } from "../http/api-handler.js";
import type { CompiledOperation } from "../openapi/operations.js";
import type { TaskCompletion } from "../store.js";
import type { Tenant, TenantRegistry } from "../tenants/registry.js";
import { TENANT_IDS } from "./ids.js";

/** What a control handler acts on: the caller's tenant, the registry and the operations faults may name. */
export interface ControlApp {
  tenant: Tenant;
  registry: TenantRegistry;
  operations: CompiledOperation[];
}

type ControlHandler = Handler<ControlApp>;

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
export const CONTROL_HANDLERS: Record<string, ControlHandler> = {
  createTenant: ({ app }) => {
    const tenant = app.registry.create();
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

  setClock: ({ app, body }) => {
    const change = body as { mode?: "real" | "manual"; advance_ms?: number };
    const { clock } = app.tenant.store;
    if (change.mode) clock.setMode(change.mode);
    if (change.advance_ms) clock.advance(change.advance_ms);
    app.tenant.store.changed();
    return { status: 200, body: clockOf(app.tenant) };
  },

  completeTask: ({ app, params, body }) => {
    const id = params.task_id as string;
    const result = app.tenant.store.completeTask(id, body as TaskCompletion);
    if ("task" in result) return { status: 200, body: result.task };
    if (result.problem === "doomed") {
      throw new ApiError(
        409,
        `Task ${id} was going to fail (${result.error}); complete it as ERROR instead.`,
      );
    }
    if (result.problem === "unknown") throw notFound(`Task ${id}`);
    throw new ApiError(409, `Task ${id} has already ended.`);
  },

  listFaults: ({ app }) => {
    const faults = app.tenant.store.faults;
    return { status: 200, body: { count: faults.length, results: faults } };
  },

  addFault: ({ app, body }) => ({
    status: 201,
    body: armFault(app.tenant.store, body as FaultRequest, app.operations),
  }),

  clearFaults: ({ app }) => {
    app.tenant.store.faults = [];
    app.tenant.store.changed();
    return { status: 204 };
  },

  getFault: ({ app, params }) => ({ status: 200, body: faultOf(app.tenant, params.fault_id as string) }),

  deleteFault: ({ app, params }) => {
    const fault = faultOf(app.tenant, params.fault_id as string);
    app.tenant.store.faults = app.tenant.store.faults.filter((f) => f !== fault);
    app.tenant.store.changed();
    return { status: 204 };
  },
};
