import { armFault } from "../faults/inject.js";
import { ApiError, notFound } from "../http/api-error.js";
import type { TaskCompletion as StoreTaskCompletion } from "../services/cloud/task-scheduler.js";
import type { SandboxState } from "../state.js";
import type { Tenant } from "../tenants/registry.js";
import type { ControlHandler, ControlHandlers } from "./handler-types.js";
import { TENANT_IDS } from "./ids.js";
import type { TaskCompletion, TenantState } from "./schema.js";

const clockOf = (tenant: Tenant) => ({
  mode: tenant.store.clock.state.mode,
  now: new Date(tenant.store.now()).toISOString(),
});

const faultOf = (tenant: Tenant, id: string) => {
  const fault = tenant.store.faults.find((f) => f.id === id);
  if (!fault) throw notFound(`Fault ${id}`);
  return fault;
};

/** The store's form of a completion; the schema's `if`/`then` has made `error` present for `ERROR`. */
const completionOf = (body: TaskCompletion): StoreTaskCompletion =>
  body.state === "ERROR" ? { state: "ERROR", error: body.error ?? "" } : { state: "FINISHED" };

/**
 * The state as `TenantState` documents it: every kind an array of objects (checked here), typed by entity
 * interfaces, which have no index signature.
 */
const tenantStateOf = (state: SandboxState & Record<keyof SandboxState, object[]>): TenantState =>
  state as unknown as TenantState;

const createTenant: ControlHandler<"createTenant"> = ({ app, client }) => {
  const tenant = app.registry.create(client);
  const [main, ...scoped] = tenant.record.keys;
  if (!main) throw new Error("a new tenant has no key");
  return {
    status: 201,
    body: {
      api_key: main.api_key,
      scoped_api_keys: scoped,
      ids: TENANT_IDS,
      idle_timeout_ms: app.registry.idleMs,
    },
  };
};

const setClock: ControlHandler<"setClock"> = ({ app, body }) => {
  const { clock } = app.tenant.store;
  if (body.mode) clock.setMode(body.mode);
  if (body.advance_ms) clock.advance(body.advance_ms);
  app.tenant.store.changed();
  return { status: 200, body: clockOf(app.tenant) };
};

const completeTask: ControlHandler<"completeTask"> = ({ app, params, body }) => {
  const id = params.task_id;
  const result = app.tenant.store.cloud.scheduler.complete(id, completionOf(body));
  if ("task" in result) return { status: 200, body: result.task };
  if (result.problem === "doomed") {
    throw new ApiError(409, `Task ${id} was going to fail (${result.error}); complete it as ERROR instead.`);
  }
  if (result.problem === "unknown") throw notFound(`Task ${id}`);
  throw new ApiError(409, `Task ${id} has already ended.`);
};

const deleteFault: ControlHandler<"deleteFault"> = ({ app, params }) => {
  const fault = faultOf(app.tenant, params.fault_id);
  app.tenant.store.faults = app.tenant.store.faults.filter((f) => f !== fault);
  app.tenant.store.changed();
  return { status: 204 };
};

/** The control API's handlers, by operationId of `control/openapi.yaml`, each typed by its operation there. */
export const CONTROL_HANDLERS: ControlHandlers = {
  createTenant,

  resetTenant: ({ app }) => {
    app.tenant.store.reset();
    return { status: 200, body: { message: "The tenant is back to its seeded fixtures." } };
  },

  getTenantState: ({ app }) => ({ status: 200, body: tenantStateOf(app.tenant.store.snapshot()) }),

  getClock: ({ app }) => ({ status: 200, body: clockOf(app.tenant) }),

  setClock,

  completeTask,

  listFaults: ({ app }) => {
    const faults = app.tenant.store.faults;
    return { status: 200, body: { count: faults.length, results: faults } };
  },

  addFault: ({ app, body }) => ({ status: 201, body: armFault(app.tenant.store, body, app.served) }),

  clearFaults: ({ app }) => {
    app.tenant.store.faults = [];
    app.tenant.store.changed();
    return { status: 204 };
  },

  getFault: ({ app, params }) => ({ status: 200, body: faultOf(app.tenant, params.fault_id) }),

  deleteFault,
};
