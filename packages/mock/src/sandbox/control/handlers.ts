import { armFault } from "../faults/arm.js";
import type { FaultRule } from "../faults/fault.js";
import { notFound } from "../http/api-error.js";
import { journalOf } from "../journal/journal.js";
import { armOverride } from "../overrides/arm.js";
import type { OverrideRule } from "../overrides/override.js";
import { statedLimits } from "../rate-limits/limit-calls.js";
import { SERVICE_CONTROL } from "../services/services.js";
import { armSnapshot } from "../snapshot/armed.js";
import { checkSnapshot, isLoadable } from "../snapshot/check.js";
import { loadSnapshot } from "../snapshot/load.js";
import { snapshotRefusal } from "../snapshot/refusal.js";
import { takeSnapshot } from "../snapshot/take.js";
import type { SandboxState } from "../state.js";
import type { Tenant } from "../tenants/registry.js";
import type { ControlApp, ControlHandler, ControlHandlers } from "./handler-types.js";
import { TENANT_IDS } from "./ids.js";
import type { operations, TenantState } from "./schema.js";

const clockOf = (tenant: Tenant) => ({
  mode: tenant.store.clock.state.mode,
  now: new Date(tenant.store.now()).toISOString(),
});

/** What a tenant has armed for its next calls, by the control API's path. */
interface Armed {
  faults: FaultRule;
  overrides: OverrideRule;
}
const ARMED_NAMES = { faults: "Fault", overrides: "Override" } as const;

/** The tenant's armed items of a kind, oldest first. */
function armedList<K extends keyof Armed>(tenant: Tenant, kind: K): Armed[K][] {
  const lists: { [N in keyof Armed]: Armed[N][] } = {
    faults: tenant.armed.faults,
    overrides: tenant.armed.overrides,
  };
  return lists[kind];
}

/** Replaces the tenant's armed items of a kind. */
function replaceArmed<K extends keyof Armed>(tenant: Tenant, kind: K, list: Armed[K][]): void {
  const replace: { [N in keyof Armed]: (items: Armed[N][]) => void } = {
    faults: (items) => {
      tenant.armed.faults = items;
    },
    overrides: (items) => {
      tenant.armed.overrides = items;
    },
  };
  replace[kind](list);
}

/** One armed item of the tenant; a 404 when it has none of that id. */
function armedOf<K extends keyof Armed>(tenant: Tenant, kind: K, id: string): Armed[K] {
  const found = armedList(tenant, kind).find((armed) => armed.id === id);
  if (!found) throw notFound(`${ARMED_NAMES[kind]} ${id}`);
  return found;
}

/** Every armed item of a kind, oldest first, as the list operations answer it. */
function listArmed<K extends keyof Armed>(tenant: Tenant, kind: K) {
  const results = armedList(tenant, kind);
  return { status: 200 as const, body: { count: results.length, results } };
}

/** Removes one armed item (a 404 when there is none of that id), or every one of the kind without an id. */
function disarm<K extends keyof Armed>(tenant: Tenant, kind: K, id?: string): { status: 204 } {
  const gone = id === undefined ? undefined : armedOf(tenant, kind, id);
  replaceArmed(
    tenant,
    kind,
    gone === undefined ? [] : armedList(tenant, kind).filter((armed) => armed !== gone),
  );
  tenant.store.changed();
  return { status: 204 };
}

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

/** Replaces the tenant's world with the snapshot once it is checked; a 400 naming every problem otherwise. */
const restoreSnapshot: ControlHandler<"restoreSnapshot"> = async ({ app, body }) => {
  const { store } = app.tenant;
  const problems = checkSnapshot(body, app.served, store.seed);
  if (!isLoadable(body, problems)) throw snapshotRefusal(problems);
  const doc = body;
  const armed = await armSnapshot(doc, app.served);
  if (Array.isArray(armed)) throw snapshotRefusal(armed);
  loadSnapshot(store, doc);
  app.tenant.armed.restore(armed);
  return { status: 200, body: { message: "The tenant now holds the snapshot's world." } };
};

/** Whether the tenant enforces rate limits, and the limits the served spec states. */
const rateLimitsOf = (app: ControlApp) => ({
  status: 200 as const,
  body: {
    enabled: app.tenant.store.rateLimits.enabled,
    limits: statedLimits(app.served).map(({ scope, requests, windowSeconds, published }) => ({
      scope,
      requests,
      window_seconds: windowSeconds,
      published,
    })),
  },
});

const setRateLimits: ControlHandler<"setRateLimits"> = ({ app, body }) => {
  app.tenant.store.rateLimits.set(body.enabled);
  app.tenant.store.changed();
  return rateLimitsOf(app);
};

/** The calls after `after` (the pipeline has applied the defaults and checked the bounds). */
const getJournal: ControlHandler<"getJournal"> = ({ app, query }) => {
  const { after = 0, limit = 500 } = query as NonNullable<operations["getJournal"]["parameters"]["query"]>;
  return { status: 200, body: journalOf(app.tenant.store, app.served).after(after, limit) };
};

/** The control API's handlers, by operationId of `control/openapi.yaml`, each typed by its operation there. */
export const CONTROL_HANDLERS: ControlHandlers = {
  createTenant,

  resetTenant: ({ app }) => {
    app.tenant.store.reset();
    return { status: 200, body: { message: "The tenant is back to its seeded fixtures." } };
  },

  getTenantState: ({ app }) => ({ status: 200, body: tenantStateOf(app.tenant.store.snapshot()) }),

  getSnapshot: ({ app }) => ({
    status: 200,
    body: { ...takeSnapshot(app.tenant.store, app.tenant.armed) },
  }),
  restoreSnapshot,

  getClock: ({ app }) => ({ status: 200, body: clockOf(app.tenant) }),

  setClock,

  // A service's own operation: it acts on the service's part of the tenant (the store is every service's tenant).
  completeTask: (ctx) => SERVICE_CONTROL.completeTask({ ...ctx, app: ctx.app.tenant.store }),

  listFaults: ({ app }) => listArmed(app.tenant, "faults"),
  addFault: ({ app, body }) => ({ status: 201, body: armFault(app.tenant, body, app.served) }),
  clearFaults: ({ app }) => disarm(app.tenant, "faults"),
  getFault: ({ app, params }) => ({ status: 200, body: armedOf(app.tenant, "faults", params.fault_id) }),
  deleteFault: ({ app, params }) => disarm(app.tenant, "faults", params.fault_id),

  listOverrides: ({ app }) => listArmed(app.tenant, "overrides"),
  addOverride: async ({ app, body }) => ({
    status: 201,
    body: await armOverride(app.tenant, body, app.served),
  }),
  clearOverrides: ({ app }) => disarm(app.tenant, "overrides"),
  getOverride: ({ app, params }) => ({
    status: 200,
    body: armedOf(app.tenant, "overrides", params.override_id),
  }),
  deleteOverride: ({ app, params }) => disarm(app.tenant, "overrides", params.override_id),

  getRateLimits: ({ app }) => rateLimitsOf(app),
  setRateLimits,

  getJournal,
};
