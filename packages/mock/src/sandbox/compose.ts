// The sandbox's parts put together: stores, tenants, the API pipeline and the control API, behind one
// request → response core. No Node module on this path: the HTTP server (server.ts) adds the state file, the
// durable backends and listening; the in-process sandbox (in-process.ts) calls the core through a `fetch`.
import type { DocumentModel } from "@cloud-contract/spec/model";
import { CONTROL_PREFIX, controlCore } from "./control/control-api.js";
import { DEFAULT_TENANT_ID, type LoadedTenant, type StateBackend } from "./durable/backend.js";
import { Durability } from "./durable/durability.js";
import { type DurableWrites, localWrites } from "./durable/local-writes.js";
import { dropInvalidRules } from "./durable/stored-rules.js";
import { faultTaker } from "./faults/inject.js";
import { DEFAULT_API_KEYS } from "./fixtures/ids.js";
import { SANDBOX_HANDLERS } from "./handlers/index.js";
import { ApiError } from "./http/api-error.js";
import type { KeyScope } from "./http/auth.js";
import type { SandboxCore } from "./http/exchange.js";
import { type CatchUpCall, createPipeline, type Pipeline } from "./http/pipeline.js";
import { recordCall } from "./journal/entry.js";
import { journalOf } from "./journal/journal.js";
import { takeOverride } from "./overrides/take.js";
import { rateLimiter } from "./rate-limits/limit-calls.js";
import type { SnapshotDocument } from "./snapshot/format.js";
import { seedWorld } from "./snapshot/seed-world.js";
import { Store } from "./store.js";
import { ArmedRules } from "./tenants/armed-rules.js";
import type { CreationRate } from "./tenants/creation-limit.js";
import { type Tenant, type TenantHoldings, type TenantKey, TenantRegistry } from "./tenants/registry.js";

/** The default largest answer of an API read: 8 MiB. */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Defaults of the tenant limits (see `maxTenants` and `tenantIdleMs`). */
export const TENANT_DEFAULTS = { maxTenants: 500, tenantIdleMs: 30 * 60_000 };

/** The options of the sandbox's core, whichever way it is called (HTTP or in-process). */
export interface SandboxCoreOptions {
  /**
   * Seed of generated ids and of the plan-contents catalogue (default 1); or a snapshot document, which every
   * tenant (the default world too) starts from and goes back to on reset, with the snapshot's catalogue seed.
   */
  seed?: number | string | SnapshotDocument;
  /** How long tasks run before they finish, in ms (default 200). */
  taskDelayMs?: number;
  /**
   * Extra keys and what each may touch (`{ projects: [2] }`, `{ resellers: [1021] }`, `{}` for all). They
   * are added to the default ones; give a default key here to rebind it.
   */
  apiKeys?: Record<string, KeyScope>;
  /** Check every answer against the spec; a violation becomes a 500 naming it (for tests). */
  validateResponses?: boolean;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones are answered 413. */
  maxBodyBytes?: number;
  /** Serve the control API under `/__sandbox/` (default true); without it those paths are 404. */
  control?: boolean;
  /** Most tenants held besides the default world (default 500); beyond it, creation answers 429. */
  maxTenants?: number;
  /**
   * How many tenants one client address may create: `burst` at once, then one more every `everyMs` (default
   * 200, then one every 100 ms). A sandbox a test suite starts for itself may lift it.
   */
  tenantCreation?: CreationRate;
  /** A tenant unused for this long is evicted, in ms (default 30 minutes). */
  tenantIdleMs?: number;
  /** Most user tags one security group holds, in every tenant (default 1,000); beyond it, a change is a 400. */
  maxTagsPerGroup?: number;
  /** Most entities of one kind each tenant holds (default 10,000); a call that would add more is a 400. */
  maxObjectsPerCollection?: number;
  /** Largest answer of an API read in bytes (default 8 MiB); a larger one is a 400 asking for a page. */
  maxAnswerBytes?: number;
  /**
   * Told about every unexpected error (a 500, or a backing store's 503) with the request id; its message never
   * reaches the client (the CLI writes it to stderr).
   */
  onUnexpected?: (error: unknown, requestId: string) => void;
  /**
   * Enforce the rate limits the spec states (`x-rate-limit`) in every tenant until it switches them (default
   * false: off; `PUT /__sandbox/rate-limits` switches one tenant).
   */
  rateLimits?: boolean;
  /** Told, one line each, what the sandbox dropped of what it loaded (a stored override it would refuse today). */
  onNotice?: (line: string) => void;
  /** The wall clock in ms (default Date.now; tests replace it). Tenant clocks run on it. */
  now?: () => number;
}

/**
 * How this process keeps up with other processes sharing its backend (see `ReplicaSync`): its calls' turns and
 * commits as with one process, each call first brought up to date with what the others committed.
 */
export interface Replicas extends DurableWrites {
  /** Adopts the key's tenant when another replica created it. */
  resolve(key: string): Promise<unknown>;
}

/** What the replicas' catch-up is built on. */
export interface ReplicaParts {
  registry: TenantRegistry;
  durability: Durability;
  /** Makes the store of a tenant another replica created. */
  adoptTenant: (id: string, record: { keys: TenantKey[]; createdAtMs: number }) => Store;
}

/** A durable backend and what it held at start (see `openBackend`). */
export interface DurableStart {
  backend: StateBackend;
  loaded: LoadedTenant[];
  /**
   * Given when other processes share the backend (PostgreSQL): builds this process's catch-up with them. Idle
   * tenants are then decided by the shared store.
   */
  replicas?: (parts: ReplicaParts) => Replicas;
  /** The idle time of tenants the backend holds for every process sharing it, over `tenantIdleMs`. */
  tenantIdleMs?: number;
  /** Given when the default world needs a row of its own before the first call (PostgreSQL): stores it. */
  storeDefault?: (meta: string) => Promise<void>;
}

export interface SandboxParts {
  /** The request → response core: the control API under `/__sandbox/`, the API's pipeline elsewhere. */
  core: SandboxCore;
  /** The API's pipeline (its compiled operations). */
  api: Pipeline;
  /** The default world's store. */
  store: Store;
  tenants: TenantRegistry;
  durability?: Durability;
}

/**
 * Builds the sandbox serving `model` with the handlers of the bundled spec's operations; with `durable`, the
 * stores start from what the backend held and every change is committed to it.
 */
export function composeSandbox(
  options: SandboxCoreOptions,
  model: DocumentModel,
  durable?: DurableStart,
): SandboxParts {
  const seeded = seedWorld(options.seed, model);
  /** A tenant's store and armed rules, the rules saved in the store's meta. */
  const newHoldings = (idSeed?: string): TenantHoldings => {
    const armed = new ArmedRules();
    const store = new Store({
      ...seeded,
      metaPart: armed,
      ...(options.taskDelayMs !== undefined ? { taskDelayMs: options.taskDelayMs } : {}),
      ...(idSeed !== undefined ? { idSeed } : {}),
      ...(options.now !== undefined ? { now: options.now } : {}),
      ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
      ...(options.maxTagsPerGroup !== undefined ? { maxTagsPerGroup: options.maxTagsPerGroup } : {}),
      ...(options.maxObjectsPerCollection !== undefined
        ? { maxObjectsPerCollection: options.maxObjectsPerCollection }
        : {}),
    });
    return { store, armed };
  };
  const defaultTenant = newHoldings();
  const { store } = defaultTenant;
  const durability = durable ? new Durability(durable.backend) : undefined;
  const tenants = new TenantRegistry({
    defaultTenant,
    defaultKeys: { ...DEFAULT_API_KEYS, ...options.apiKeys } satisfies Record<string, KeyScope>,
    createHoldings: newHoldings,
    maxTenants: options.maxTenants ?? TENANT_DEFAULTS.maxTenants,
    ...(options.tenantCreation ? { creationRate: options.tenantCreation } : {}),
    sharedIdle: durable?.replicas !== undefined,
    idleMs: durable?.tenantIdleMs ?? options.tenantIdleMs ?? TENANT_DEFAULTS.tenantIdleMs,
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(durability ? { onCreate: (tenant: Tenant) => durability.attachTenant(tenant, true) } : {}),
    ...(durability ? { onEvict: (tenant: Tenant) => durability.evict(tenant.store) } : {}),
  });
  const notice = options.onNotice ?? (() => undefined);
  const adoptTenant = (id: string, loaded: Omit<LoadedTenant, "id">): Store => {
    const holdings = newHoldings(id);
    holdings.store.applyRows(loaded.meta, loaded.rows);
    if (loaded.record) durability?.attachTenant(tenants.adopt(loaded.record, holdings), false);
    dropInvalidRules(holdings, model, id, notice);
    return holdings.store;
  };
  if (durable && durability) {
    for (const loaded of durable.loaded) {
      if (loaded.id === DEFAULT_TENANT_ID) store.applyRows(loaded.meta, loaded.rows);
      else if (loaded.record) adoptTenant(loaded.id, loaded);
    }
    durability.attachTenant(tenants.defaultTenant, false);
    dropInvalidRules(defaultTenant, model, DEFAULT_TENANT_ID, notice);
  }
  // With a shared backend, this process is one replica of possibly several: calls first catch up with it.
  const replicas =
    durable?.replicas && durability
      ? durable.replicas({
          registry: tenants,
          durability,
          adoptTenant: (id, record) => adoptTenant(id, { record, rows: [] }),
        })
      : undefined;
  /**
   * The caller's tenant and what the key may touch, once per call: undefined for an unknown key, a 401 saying
   * so for an evicted one.
   */
  const ownerOf = async (key: string): Promise<{ tenant: Tenant; scope: KeyScope } | undefined> => {
    let found = tenants.lookup(key);
    if (found === undefined && replicas) {
      // A tenant another replica created: one indexed lookup, and it is adopted here.
      await replicas.resolve(key);
      found = tenants.lookup(key);
    }
    if (found && "evicted" in found) throw evictedKey(tenants.idleMs);
    return found;
  };
  const tenantFor = async (key: string) => (await ownerOf(key))?.tenant;
  /** The keys of a store's tenant: masked wherever a call's record shows them. */
  const keysOf = (app: Store) => tenants.tenantOfStore(app)?.record.keys.map((k) => k.api_key) ?? [];
  const isLive = (app: Store) => tenants.isLive(app);
  const takeFault = faultTaker(model);
  // A tenant whose creation a failed commit held is forgotten: its creator answered 503 without its keys.
  const forgetUnstored = (created: Store) => {
    const tenant = tenants.tenantOfStore(created);
    if (tenant && !tenant.isDefault) tenants.drop(tenant);
    durability?.forget(created);
  };
  const writes: DurableWrites | undefined =
    replicas ??
    (durability &&
      localWrites(durability, {
        refused: (created, retryAfterMs) => tenants.refuse(created, retryAfterMs),
        lost: forgetUnstored,
      }));
  const commit = writes && ((app: Store) => writes.commit(app));
  const validateResponses = options.validateResponses ?? false;
  const catchUp = writes && ((app: Store, call: CatchUpCall) => writes.prepare(app, call));
  const api = createPipeline<Store>({
    model,
    handlers: SANDBOX_HANDLERS,
    // The API's services key a refused field by its name (`email`, `interfaces.0.type`), as the vendor does.
    fieldKeys: "name",
    appFor: async (key) => {
      const owner = await ownerOf(key);
      return owner && { app: owner.tenant.store, scope: owner.scope };
    },
    isLive,
    ...(catchUp ? { catchUp } : {}),
    ...(writes ? { uncommitted: (app: Store) => writes.uncommitted(app) } : {}),
    rateLimit: rateLimiter(model),
    // A tenant's faults and overrides are its own: the pinned store's tenant (none once evicted) is asked.
    faults: ({ operation, app }) => {
      const tenant = tenants.tenantOfStore(app);
      return tenant && takeFault(tenant, operation);
    },
    overrides: (call) => {
      const tenant = tenants.tenantOfStore(call.app);
      return tenant && takeOverride(tenant, call);
    },
    record: (call) =>
      journalOf(call.app, model).add(recordCall(model, call, call.app.now(), keysOf(call.app))),
    onWrite: (app) => {
      app.changed();
      return commit?.(app);
    },
    validateResponses,
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    ...(options.onUnexpected ? { onUnexpected: options.onUnexpected } : {}),
  });
  const control =
    (options.control ?? true)
      ? controlCore({
          registry: tenants,
          served: model,
          validateResponses,
          tenantFor,
          isLive,
          ...(options.onUnexpected ? { onUnexpected: options.onUnexpected } : {}),
          ...(catchUp ? { catchUp } : {}),
          ...(writes ? { uncommitted: (app: Store) => writes.uncommitted(app) } : {}),
          ...(commit ? { commit } : {}),
        })
      : undefined;
  const core: SandboxCore = (request) =>
    control && request.url.startsWith(CONTROL_PREFIX) ? control(request) : api(request);
  return { core, api, store, tenants, ...(durability ? { durability } : {}) };
}

const evictedKey = (idleMs: number) =>
  new ApiError(
    401,
    `This key's tenant was evicted (unused for ${idleMs} ms); create a new tenant with POST /__sandbox/tenants.`,
    { exceptionClass: "TenantEvicted" },
  );
