import { loadDocument } from "@cloud-contract/spec/document";
import { controlRoute } from "./control/control-api.js";
import { DEFAULT_TENANT_ID, type LoadedTenant, type StateBackend } from "./durable/backend.js";
import { Durability } from "./durable/durability.js";
import { openBackend } from "./durable/open-backend.js";
import { PostgresBackend } from "./durable/postgres-backend.js";
import { ReplicaSync } from "./durable/replica-sync.js";
import { faultInterceptor } from "./faults/inject.js";
import { DEFAULT_API_KEYS } from "./fixtures/ids.js";
import { SANDBOX_HANDLERS } from "./handlers/index.js";
import { type ApiHandler, createApiHandler, type ExtraRoute } from "./http/api-handler.js";
import type { KeyScope } from "./http/auth.js";
import { listen } from "./http/listen.js";
import { StateFile } from "./persistence.js";
import type { SandboxState } from "./state.js";
import { Store } from "./store.js";
import { tenantKeyLookup } from "./tenants/key-lookup.js";
import { TenantRegistry } from "./tenants/registry.js";

/** Defaults of the tenant limits (see `maxTenants` and `tenantIdleMs`). */
export const TENANT_DEFAULTS = { maxTenants: 500, tenantIdleMs: 30 * 60_000 };

export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Seed of generated ids and of the plan-contents catalogue (default 1). */
  seed?: number | string;
  /** How long tasks run before they finish, in ms (default 200). */
  taskDelayMs?: number;
  /**
   * Extra keys and what each may touch (`{ projects: [2] }`, `{ resellers: [1021] }`, `{}` for all). They
   * are added to the default ones; give a default key here to rebind it.
   */
  apiKeys?: Record<string, KeyScope>;
  /** Keep the state in this JSON file across restarts (atomic writes, shortly after each change). */
  stateFile?: string;
  /**
   * Keep every tenant's state in an embedded database (LMDB) in this folder: each change is committed
   * before its answer is sent. Excludes `stateFile`.
   */
  dataDir?: string;
  /** Keep every tenant's state in PostgreSQL (schema created at start); as durable as `dataDir`. */
  databaseUrl?: string;
  /** Check every answer against the spec; a violation becomes a 500 naming it (for tests). */
  validateResponses?: boolean;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones are answered 400. */
  maxBodyBytes?: number;
  /** Spec file to serve; the bundled `@cloud-contract/spec/openapi.json` unless given. */
  specPath?: string;
  /** Serve the control API under `/__sandbox/` (default true); without it those paths are 404. */
  control?: boolean;
  /** Most tenants held besides the default world (default 500); one more evicts the least recently used. */
  maxTenants?: number;
  /** A tenant unused for this long is evicted, in ms (default 30 minutes). */
  tenantIdleMs?: number;
  /** The wall clock in ms (default Date.now; tests replace it). Tenant clocks run on it. */
  now?: () => number;
}

export interface RunningSandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4011`. */
  url: string;
  /** Stops the server and writes the state file (if any). Safe to call twice. */
  stop(): Promise<void>;
  /** Puts the default world's seeded fixtures back. */
  reset(): void;
  /** A copy of the default world's state, as `GET /__sandbox/state` shows it to the default key. */
  state(): SandboxState;
  /** The operations served, from the spec. */
  operations: { method: string; path: string; operationId: string }[];
}

/** A durable backend and what it held at start (see {@link openBackend}). */
export interface DurableStart {
  backend: StateBackend;
  loaded: LoadedTenant[];
}

/**
 * Builds the sandbox's request handler and store without listening (for embedding and benchmarks); with
 * `durable`, the stores start from what the backend held and every change is committed to it.
 */
export function createSandbox(
  options: SandboxOptions = {},
  durable?: DurableStart,
): {
  handler: ApiHandler;
  /** The default world's store. */
  store: Store;
  tenants: TenantRegistry;
  stateFile?: StateFile;
  durability?: Durability;
} {
  const model = loadDocument(options.specPath);
  const newStore = (idSeed?: string) =>
    new Store({
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.taskDelayMs !== undefined ? { taskDelayMs: options.taskDelayMs } : {}),
      ...(idSeed !== undefined ? { idSeed } : {}),
      ...(options.now !== undefined ? { now: options.now } : {}),
    });
  const store = newStore();
  let stateFile: StateFile | undefined;
  if (options.stateFile) {
    stateFile = new StateFile(options.stateFile, store);
    const loaded = stateFile.load();
    stateFile.watch();
    if (!loaded) stateFile.schedule();
  }
  const durability = durable ? new Durability(durable.backend) : undefined;
  const tenants = new TenantRegistry({
    defaultStore: store,
    defaultKeys: { ...DEFAULT_API_KEYS, ...options.apiKeys } satisfies Record<string, KeyScope>,
    createStore: newStore,
    maxTenants: options.maxTenants ?? TENANT_DEFAULTS.maxTenants,
    idleMs: options.tenantIdleMs ?? TENANT_DEFAULTS.tenantIdleMs,
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(durability
      ? {
          onCreate: (tenant) => durability.attachTenant(tenant, true),
          onEvict: (tenant) => durability.evict(tenant.store),
        }
      : {}),
  });
  const adoptTenant = (id: string, loaded: Omit<LoadedTenant, "id">): Store => {
    const tenantStore = newStore(id);
    tenantStore.applyRows(loaded.meta, loaded.rows);
    if (loaded.record) durability?.attachTenant(tenants.adopt(loaded.record, tenantStore), false);
    return tenantStore;
  };
  if (durable && durability) {
    for (const loaded of durable.loaded) {
      if (loaded.id === DEFAULT_TENANT_ID) store.applyRows(loaded.meta, loaded.rows);
      else if (loaded.record) adoptTenant(loaded.id, loaded);
    }
    durability.attachTenant(tenants.defaultTenant, false);
  }
  const commit = durability ? (app: Store) => durability.commit(app) : undefined;
  const validateResponses = options.validateResponses ?? false;
  const extraRoutes: ExtraRoute[] = [];
  const apiHandler = createApiHandler({
    model,
    app: store,
    appFor: (key) => tenants.storeOf(key) ?? store,
    intercept: faultInterceptor((key) => tenants.storeOf(key)),
    handlers: SANDBOX_HANDLERS,
    onWrite: (app) => {
      app.changed();
      return commit?.(app);
    },
    lookupKey: tenantKeyLookup(tenants),
    scopedParams: { project_id: "projects", resellerId: "resellers" },
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    validateResponses,
    extraRoutes,
  });
  // With PostgreSQL, this process is one replica of possibly several: requests first catch up with the database.
  const handler =
    durable?.backend instanceof PostgresBackend && durability
      ? new ReplicaSync({
          backend: durable.backend,
          registry: tenants,
          durability,
          adoptTenant: (id, record) => adoptTenant(id, { record, rows: [] }),
        }).wrap(apiHandler)
      : apiHandler;
  if (options.control ?? true) {
    extraRoutes.push(
      controlRoute({
        registry: tenants,
        served: model,
        validateResponses,
        ...(commit ? { commit } : {}),
      }),
    );
  }
  return {
    handler,
    store,
    tenants,
    ...(stateFile ? { stateFile } : {}),
    ...(durability ? { durability } : {}),
  };
}

/** Starts the stateful sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  if ([options.stateFile, options.dataDir, options.databaseUrl].filter(Boolean).length > 1) {
    throw new Error("Give one of stateFile, dataDir and databaseUrl, not several.");
  }
  const durable = await openBackend(options);
  const { handler, store, stateFile, durability } = createSandbox(options, durable);
  if (durable?.backend instanceof PostgresBackend) {
    await durable.backend.ensureTenant(DEFAULT_TENANT_ID, JSON.stringify(store.meta()));
  }
  const server = await listen(handler, options.port ?? 0, options.host ?? "127.0.0.1");
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    operations: handler.operations.map((op) => ({
      method: op.method,
      path: op.template,
      operationId: op.operationId,
    })),
    reset: () => {
      store.reset();
      void durability?.commit(store);
    },
    state: () => structuredClone(store.snapshot()),
    stop: () => {
      stopping ??= (async () => {
        await server.close();
        await stateFile?.flush();
        if (durability) {
          await durability.commit();
          await durability.backend.close();
        }
      })();
      return stopping;
    },
  };
}
