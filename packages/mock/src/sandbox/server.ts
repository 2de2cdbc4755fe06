import { loadDocument } from "@cloud-contract/spec/document";
import { debugRoutes } from "./control/debug.js";
import { DEFAULT_API_KEYS } from "./fixtures/ids.js";
import { SANDBOX_HANDLERS } from "./handlers/index.js";
import { type ApiHandler, createApiHandler } from "./http/api-handler.js";
import type { KeyScope } from "./http/auth.js";
import { listen } from "./http/listen.js";
import { StateFile } from "./persistence.js";
import type { SandboxState } from "./state.js";
import { Store } from "./store.js";

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
  /** Keep the state in this JSON file across restarts (atomic writes). */
  stateFile?: string;
  /** Check every answer against the spec; a violation becomes a 500 naming it (for tests). */
  validateResponses?: boolean;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones are answered 400. */
  maxBodyBytes?: number;
  /** Spec file to serve; the bundled `@cloud-contract/spec/openapi.json` unless given. */
  specPath?: string;
}

export interface RunningSandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4011`. */
  url: string;
  /** Stops the server and writes the state file (if any). Safe to call twice. */
  stop(): Promise<void>;
  /** Puts the seeded fixtures back. */
  reset(): void;
  /** A copy of the current state, as `GET /__sandbox/state` shows it. */
  state(): SandboxState;
  /** The operations served, from the spec. */
  operations: { method: string; path: string; operationId: string }[];
}

/** Builds the sandbox's request handler and store without listening (for embedding and benchmarks). */
export function createSandbox(options: SandboxOptions = {}): {
  handler: ApiHandler;
  store: Store;
  stateFile?: StateFile;
} {
  const model = loadDocument(options.specPath);
  const store = new Store({
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.taskDelayMs !== undefined ? { taskDelayMs: options.taskDelayMs } : {}),
  });
  let stateFile: StateFile | undefined;
  if (options.stateFile) {
    stateFile = new StateFile(options.stateFile, store);
    const loaded = stateFile.load();
    stateFile.watch();
    if (!loaded) stateFile.schedule();
  }
  const keys: Record<string, KeyScope> = { ...DEFAULT_API_KEYS, ...options.apiKeys };
  const handler = createApiHandler({
    model,
    app: store,
    handlers: SANDBOX_HANDLERS,
    onWrite: () => store.changed(),
    lookupKey: (key) => keys[key],
    scopedParams: { project_id: "projects", resellerId: "resellers" },
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    validateResponses: options.validateResponses ?? false,
    extraRoutes: [debugRoutes(store)],
  });
  return stateFile ? { handler, store, stateFile } : { handler, store };
}

/** Starts the stateful sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { handler, store, stateFile } = createSandbox(options);
  const server = await listen(handler, options.port ?? 0, options.host ?? "127.0.0.1");
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    operations: handler.operations.map((op) => ({
      method: op.method,
      path: op.template,
      operationId: op.operationId,
    })),
    reset: () => store.reset(),
    state: () => structuredClone(store.snapshot()),
    stop: () => {
      stopping ??= (async () => {
        await server.close();
        await stateFile?.flush();
      })();
      return stopping;
    },
  };
}
