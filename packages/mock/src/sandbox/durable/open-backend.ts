import { type DurableStart, type SandboxCoreOptions, TENANT_DEFAULTS } from "../compose.js";
import { DEFAULT_TENANT_ID } from "./backend.js";
import { JsonFileBackend } from "./json-file-backend.js";
import { StoreOpenError } from "./store-open-error.js";
import { DATABASE_TIMEOUT_DEFAULTS, type DatabaseTimeouts } from "./timeouts.js";

/** Where the sandbox keeps its tenants' state: one of a state file, an LMDB folder and PostgreSQL, or memory. */
export interface StorageOptions {
  /**
   * Keep every tenant's state in this JSON file across restarts (atomic writes; a change is written before its
   * answer).
   * Excludes `dataDir` and `databaseUrl`.
   */
  stateFile?: string;
  /**
   * Keep every tenant's state in an embedded database (LMDB) in this folder: each change is committed
   * before its answer is sent, concurrent changes together. Excludes `stateFile`.
   */
  dataDir?: string;
  /** Keep every tenant's state in PostgreSQL (schema created at start); as durable as `dataDir`. */
  databaseUrl?: string;
  /** How long any wait on PostgreSQL may last (defaults: `DATABASE_TIMEOUT_DEFAULTS`); past it a call is a 503. */
  databaseTimeouts?: Partial<DatabaseTimeouts>;
}

/** What opening a backend reads: where the state is kept, and the tenant limits PostgreSQL shares. */
export type BackendOptions = StorageOptions & Pick<SandboxCoreOptions, "tenantIdleMs" | "maxTenants">;

/**
 * Opens the backend the options ask for and loads what it holds; undefined in memory mode. One that cannot be
 * opened is a {@link StoreOpenError} naming its flag and why, in one line. PostgreSQL
 * may be shared by several sandbox processes: its start says how this one catches up with the others.
 * The PostgreSQL and LMDB backends are imported here, when asked for: loading `pg` and `lmdb` costs a
 * process time, and most sandboxes (and every importer of this package) never use them.
 */
export async function openBackend(options: BackendOptions): Promise<DurableStart | undefined> {
  const flag = options.databaseUrl
    ? "--database-url"
    : options.dataDir
      ? `--data-dir ${options.dataDir}`
      : `--state-file ${options.stateFile}`;
  try {
    return await openNamedBackend(options);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    throw new StoreOpenError(`cannot open ${flag}: ${reason}`, { cause: error });
  }
}

async function openNamedBackend(options: BackendOptions): Promise<DurableStart | undefined> {
  if (options.databaseUrl) {
    const [{ PostgresBackend }, { ReplicaSync }] = await Promise.all([
      import("./postgres-backend.js"),
      import("./replica-sync.js"),
    ]);
    const backend = new PostgresBackend(
      options.databaseUrl,
      {
        ...(options.tenantIdleMs !== undefined ? { given: options.tenantIdleMs } : {}),
        fallback: TENANT_DEFAULTS.tenantIdleMs,
      },
      options.maxTenants ?? TENANT_DEFAULTS.maxTenants,
      { ...DATABASE_TIMEOUT_DEFAULTS, ...options.databaseTimeouts },
    );
    const loaded = await backend.load();
    return {
      backend,
      loaded,
      tenantIdleMs: backend.tenantIdleMs,
      replicas: (parts) => new ReplicaSync({ backend, ...parts }),
      storeDefault: (meta) => backend.ensureTenant(DEFAULT_TENANT_ID, meta),
    };
  }
  if (options.dataDir) {
    const { LmdbBackend } = await import("./lmdb-backend.js");
    const backend = LmdbBackend.open(options.dataDir);
    return { backend, loaded: await backend.load() };
  }
  if (options.stateFile) {
    const backend = new JsonFileBackend(options.stateFile);
    return { backend, loaded: await backend.load() };
  }
  return undefined;
}
