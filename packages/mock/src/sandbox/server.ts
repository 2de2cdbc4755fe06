import { loadDocument } from "@cloud-contract/spec/document";
import { composeSandbox, type DurableStart, type SandboxCoreOptions } from "./compose.js";
import { withConsole } from "./console/serve.js";
import type { Durability } from "./durable/durability.js";
import { openBackend, type StorageOptions } from "./durable/open-backend.js";
import { cloneJson } from "./exact-json.js";
import type { ApiHandler } from "./http/api-handler.js";
import { DEFAULT_MAX_BODY_BYTES } from "./http/body-limit.js";
import { withCors } from "./http/cors.js";
import { allowedHosts, withHostCheck } from "./http/host-check.js";
import { listen } from "./http/listen.js";
import { nodeAdapter } from "./http/node-adapter.js";
import { allowedOrigins, parseOrigin } from "./http/origins.js";
import { readSeedFile } from "./snapshot/seed-file.js";
import type { SandboxState } from "./state.js";
import type { Store } from "./store.js";
import { StoreUnavailable } from "./store-unavailable.js";
import type { TenantRegistry } from "./tenants/registry.js";

export { type DurableStart, TENANT_DEFAULTS } from "./compose.js";

export interface SandboxOptions extends SandboxCoreOptions, StorageOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Spec file to serve; the bundled `@cloud-contract/spec/openapi.json` unless given. */
  specPath?: string;
  /** A snapshot file every tenant starts from (read as `seed`; give one or the other). */
  seedFile?: string;
  /**
   * Origins of web pages that may call the sandbox (`http://localhost:3000`), besides its own and the docs
   * server's (`http://127.0.0.1:8080`, `http://localhost:8080`); pages on any other origin get no CORS, and
   * their control calls a 403.
   */
  allowOrigins?: string[];
  /** Host names served besides loopback ones and `host` (`Host` headers naming others get a 421). */
  allowHosts?: string[];
}

export interface RunningSandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4011`. */
  url: string;
  /**
   * Stops the server and commits what is left (a store that cannot take it loses nothing acknowledged, and the
   * stop still resolves); a state file whose last write fails rejects. Safe to call twice.
   */
  stop(): Promise<void>;
  /** Puts the default world's seeded fixtures back. */
  reset(): void;
  /** A copy of the default world's state, as `GET /__sandbox/state` shows it to the default key. */
  state(): SandboxState;
  /** The operations served, from the spec. */
  operations: { method: string; path: string; operationId: string }[];
}

/**
 * Builds the sandbox's `node:http` request handler and its store without listening (for the server and
 * benchmarks); with `durable`, the stores start from what the backend held and every change is committed to it.
 */
export function createSandboxHandler(
  options: SandboxOptions = {},
  durable?: DurableStart,
): {
  handler: ApiHandler;
  /** The default world's store. */
  store: Store;
  tenants: TenantRegistry;
  durability?: Durability;
} {
  const { core, api, store, tenants, durability } = composeSandbox(
    options,
    loadDocument(options.specPath),
    durable,
  );
  // Checked first: the Host (DNS rebinding), then the Origin of a page on another origin (CORS).
  const origins = (options.allowOrigins ?? []).map((text) => {
    const origin = parseOrigin(text);
    if (origin === undefined)
      throw new TypeError(`allowOrigins: "${text}" is not an origin (http://host:port).`);
    return origin;
  });
  const served = withHostCheck(
    withCors((options.control ?? true) ? withConsole(core) : core, allowedOrigins(origins)),
    allowedHosts(options.host, options.allowHosts),
  );
  const handler = Object.assign(nodeAdapter(served, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), {
    operations: api.operations,
  });
  return {
    handler,
    store,
    tenants,
    ...(durability ? { durability } : {}),
  };
}

/**
 * Opens the durable backend the options ask for (none in memory mode) and builds the handler on what it
 * holds, the default world stored first where the backend needs that (for the server and benchmarks).
 */
export async function openSandboxHandler(
  options: SandboxOptions = {},
): Promise<ReturnType<typeof createSandboxHandler>> {
  const seeded = options.seedFile ? { ...options, seed: await readSeedFile(options.seedFile) } : options;
  const durable = await openBackend(seeded);
  let built: ReturnType<typeof createSandboxHandler>;
  try {
    built = createSandboxHandler(seeded, durable);
  } catch (error) {
    // A seed that does not load stops the start: the backend opened for it is closed again.
    await durable?.backend.close();
    throw error;
  }
  await durable?.storeDefault?.(JSON.stringify(built.store.meta()));
  return built;
}

/** Starts the stateful sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  if ([options.stateFile, options.dataDir, options.databaseUrl].filter(Boolean).length > 1) {
    throw new Error("Give one of stateFile, dataDir and databaseUrl, not several.");
  }
  const { handler, store, durability } = await openSandboxHandler(options);
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
      // A store fault here is the next commit's to retry (the changes stay pending).
      durability?.commit(store).catch(() => undefined);
    },
    state: () => cloneJson(store.snapshot()),
    stop: () => {
      stopping ??= (async () => {
        await server.close();
        if (durability) {
          try {
            await durability.commit();
          } catch (error) {
            // What is left to commit was never acknowledged (each answered write is committed first): a store
            // that cannot take it now loses nothing anyone was promised, so the stop goes on.
            if (!(error instanceof StoreUnavailable)) throw error;
            options.onUnexpected?.(error, "stop");
          } finally {
            await durability.backend.close();
          }
        }
      })();
      return stopping;
    },
  };
}
