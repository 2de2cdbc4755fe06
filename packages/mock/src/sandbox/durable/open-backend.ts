import { type DurableStart, TENANT_DEFAULTS } from "../compose.js";
import type { SandboxOptions } from "../server.js";
import { DEFAULT_TENANT_ID } from "./backend.js";
import { JsonFileBackend } from "./json-file-backend.js";
import { LmdbBackend } from "./lmdb-backend.js";
import { PostgresBackend } from "./postgres-backend.js";
import { ReplicaSync } from "./replica-sync.js";

/**
 * Opens the backend the options ask for and loads what it holds; undefined in memory mode. PostgreSQL
 * may be shared by several sandbox processes: its start says how this one catches up with the others.
 */
export async function openBackend(options: SandboxOptions): Promise<DurableStart | undefined> {
  if (options.databaseUrl) {
    const backend = new PostgresBackend(
      options.databaseUrl,
      options.tenantIdleMs ?? TENANT_DEFAULTS.tenantIdleMs,
      options.maxTenants ?? TENANT_DEFAULTS.maxTenants,
    );
    return {
      backend,
      loaded: await backend.load(),
      replicas: (parts) => new ReplicaSync({ backend, ...parts }),
      storeDefault: (meta) => backend.ensureTenant(DEFAULT_TENANT_ID, meta),
    };
  }
  if (options.dataDir) {
    const backend = new LmdbBackend(options.dataDir);
    return { backend, loaded: await backend.load() };
  }
  if (options.stateFile) {
    const backend = new JsonFileBackend(options.stateFile);
    return { backend, loaded: await backend.load() };
  }
  return undefined;
}
