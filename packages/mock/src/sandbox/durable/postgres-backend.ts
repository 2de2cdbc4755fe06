import pg from "pg";
import { parseJson } from "../exact-json.js";
import type { EntityKind, StoreMeta } from "../store.js";
import { CommitUnconfirmed, StoreUnavailable } from "../store-unavailable.js";
import {
  type CommitBatch,
  type CommitOutcome,
  DEFAULT_TENANT_ID,
  type LoadedTenant,
  type StateBackend,
  type TenantChanges,
  type TenantRow,
} from "./backend.js";
import { mergeBatches } from "./merge-batches.js";
import { DATABASE_TIMEOUT_DEFAULTS, type DatabaseTimeouts } from "./timeouts.js";

/** The schema's version; `migrate` brings an older database up to it at start. */
export const SCHEMA_VERSION = 3;

const MIGRATIONS: Record<number, string> = {
  1: `
    create sequence sandbox_version;
    create table sandbox_tenants (
      id text primary key,
      record jsonb,
      meta jsonb not null,
      version bigint not null
    );
    create table sandbox_rows (
      tenant text not null,
      kind text not null,
      id text not null,
      data jsonb not null,
      version bigint not null,
      primary key (tenant, kind, id)
    );
    create index sandbox_rows_by_version on sandbox_rows (tenant, version);`,
  // Tenancy decided in the shared store: when each tenant was last used (by any replica), and its keys.
  2: `
    alter table sandbox_tenants add column last_used_at timestamptz not null default now();
    create table sandbox_keys (
      api_key text primary key,
      tenant text not null references sandbox_tenants (id) on delete cascade
    );
    insert into sandbox_keys (api_key, tenant)
      select k ->> 'api_key', t.id from sandbox_tenants t, jsonb_array_elements(t.record -> 'keys') k
      where t.record is not null;`,
  // Settings every replica shares (the idle time of tenants: the first replica's).
  3: `create table sandbox_settings (name text primary key, value jsonb not null);`,
};

/**
 * How long a replica may wait before telling the store that a tenant was used (reads touch it at most this
 * often); eviction waits this much longer than `--tenant-idle`, so a tenant used anywhere within it stays.
 */
export const TOUCH_EVERY_MS = 1_000;

/** The advisory lock that serialises tenant creations across replicas, so that their count holds. */
const TENANT_COUNT_LOCK = 725002;

/** A tenant's transaction, holding its row lock until it commits or rolls back. */
export interface TenantLock {
  /**
   * Writes `batch` in this transaction and commits it (once; the lock ends with it). With `lockNext`, the same
   * round trip begins the next transaction and takes the row again when no other transaction holds it: that
   * lock comes back as `next`, with what other replicas committed in between.
   */
  commit(batch: CommitBatch, lockNext?: boolean): Promise<CommitOutcome & { next?: LockedTenant }>;
  /** Rolls back (when not committed) and gives the connection back; safe to call twice. */
  release(): Promise<void>;
  /**
   * Once committed: the newest version it wrote for the tenant. Nothing else wrote the tenant under the lock,
   * so a store that read the tenant under it and made these writes is up to date to this version.
   */
  readonly committedVersion: number | undefined;
}

/** A tenant's row lock, and what other replicas committed for the tenant before it was taken. */
export interface LockedTenant {
  lock: TenantLock;
  delta: TenantDelta;
}

/**
 * What a transaction's writes did: the outcome, the newest version written for each tenant and the version its
 * tenant row took, and, when the next lock was asked for with the COMMIT, what taking it answered.
 */
interface Written extends CommitOutcome {
  versions: Map<string, number>;
  rowVersions: Map<string, number>;
  relocked?: { version: string }[];
}

/**
 * What changed in a tenant after a version: its meta (when newer) and its rows, each with the version it was
 * written at, and the newest version.
 */
export interface TenantDelta {
  /** The tenant is no longer stored (a replica evicted it). */
  gone: boolean;
  meta?: { value: StoreMeta; version: number };
  rows: { kind: EntityKind; value: unknown; version: number }[];
  version: number;
}

interface Queued {
  batch: CommitBatch;
  resolve: (outcome: CommitOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * The PostgreSQL backend (`--database-url`), through `pg`. A tenant's writes commit through the transaction
 * that holds its row lock ({@link lock}; the writers of a tenant waiting in this process share one, see
 * `write-groups.ts`). Other commits ({@link commit}) are applied in the order they were made: the ones that
 * arrive while a transaction runs wait and then go together in the next one. A new tenant is stored only while fewer than
 * `maxTenants` are (counted in the transaction, under a lock shared by every replica); else it is refused.
 */
export class PostgresBackend implements StateBackend {
  readonly name = "postgres";
  private readonly pool: pg.Pool;
  private queue: Queued[] = [];
  private running: Promise<void> | undefined;
  /** Transactions this backend committed (a figure for tests and benchmarks: writes go together). */
  committedTransactions = 0;

  /**
   * `idle`: how long a tenant unused by every replica may stay: the time this replica was given, if any, else
   * the fallback when the database holds none (see {@link sharedIdleMs}); `maxTenants`: most created
   * tenants stored, across every replica; `timeouts`: how long any wait on the server may last.
   */
  /** The idle time every replica shares, once loaded (see {@link sharedIdleMs}). */
  private idleMs = Number.POSITIVE_INFINITY;

  constructor(
    url: string,
    private readonly idle: { given?: number; fallback: number } = { fallback: Number.POSITIVE_INFINITY },
    private readonly maxTenants = Number.POSITIVE_INFINITY,
    timeouts: DatabaseTimeouts = DATABASE_TIMEOUT_DEFAULTS,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: 16,
      connectionTimeoutMillis: timeouts.connectMs,
      // On the wire (a server that stopped answering) and on the server (a statement or lock wait too long).
      query_timeout: timeouts.queryMs,
      statement_timeout: timeouts.queryMs,
      lock_timeout: timeouts.lockMs,
    });
    // An idle connection the server closed (a restart, a shutdown) is dropped by the pool and replaced on the
    // next query; without a listener its error would end the process.
    this.pool.on("error", () => undefined);
    // A connection in use emits `error` on its own when the server goes away: without a listener of its own,
    // the process would end. The pool drops it when it is given back with the error (see `giveBack`).
    this.pool.on("connect", (client) => client.on("error", () => undefined));
  }

  /** A connection of the pool (with its `error` listener); give it back with {@link giveBack} after an error. */
  private connect(): Promise<pg.PoolClient> {
    return this.pool.connect().catch((error: unknown) => {
      throw unavailable(error);
    });
  }

  /** Stores a tenant's first meta unless it is stored already (replicas starting on one database). */
  async ensureTenant(id: string, meta: string): Promise<void> {
    await this.pool.query(
      "insert into sandbox_tenants (id, record, meta, version) values ($1, null, $2, nextval('sandbox_version')) on conflict (id) do nothing",
      [id, meta],
    );
  }

  /** The tenant holding `key` (one indexed lookup), or undefined when no replica created it or it is gone. */
  async tenantByKey(key: string): Promise<{ id: string; record: TenantRow } | undefined> {
    const { rows } = await this.pool
      .query<{ id: string; record: TenantRow }>(
        "select t.id, t.record from sandbox_keys k join sandbox_tenants t on t.id = k.tenant where k.api_key = $1",
        [key],
      )
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    return rows[0];
  }

  /** Tells the store a tenant was used now (its idle time starts again for every replica). */
  async touch(tenant: string): Promise<void> {
    await this.pool.query("update sandbox_tenants set last_used_at = clock_timestamp() where id = $1", [
      tenant,
    ]);
  }

  /**
   * Begins a transaction and locks the tenant's row (`UPDATE … RETURNING`): writes to one tenant are
   * serialised across every replica; their commit goes through this transaction ({@link TenantLock.commit}).
   */
  async lock(tenant: string, since: number): Promise<LockedTenant | undefined> {
    const client = await this.connect();
    let results: pg.QueryResult<DeltaRow>[];
    try {
      // One round trip: the lock is taken (and the tenant marked used) where the transaction begins, and what
      // other replicas committed since `since` is read under it.
      const id = client.escapeLiteral(tenant);
      results = (await client.query(
        `begin; update sandbox_tenants set last_used_at = clock_timestamp() where id = ${id} returning 1; ${deltaQuery(id, String(Math.trunc(since)))}`,
      )) as unknown as pg.QueryResult<DeltaRow>[];
    } catch (error) {
      giveBack(client, error);
      throw unavailable(error);
    }
    if ((results[1]?.rowCount ?? 0) === 0) {
      await this.rollBack(client);
      return undefined;
    }
    return { lock: this.holding(client, tenant), delta: toDelta(results[2]?.rows ?? [], since) };
  }

  /** The lock of `tenant` that `client`'s open transaction holds. */
  private holding(client: pg.PoolClient, tenant: string): TenantLock {
    let done = false;
    let committedVersion: number | undefined;
    return {
      get committedVersion() {
        return committedVersion;
      },
      commit: async (batch, lockNext = false) => {
        if (done) throw new Error(`The transaction of tenant ${tenant} has ended.`);
        done = true;
        const relock = lockNext ? `; begin; ${relockStatement(client.escapeLiteral(tenant))}` : "";
        const written = await this.writeAndCommit(client, batch, relock);
        committedVersion = written.versions.get(tenant);
        const next = written.relocked && (await this.relocked(client, tenant, written));
        return { refused: written.refused, ...(next ? { next } : {}) };
      },
      release: async () => {
        if (done) return;
        done = true;
        try {
          await client.query("rollback");
          client.release();
        } catch (error) {
          // The connection is gone with its transaction (the server rolled it back): the pool drops it.
          giveBack(client, error);
        }
      },
    };
  }

  /**
   * After a COMMIT that asked for the next lock: that lock when the row was free, with what another replica
   * committed between the two transactions (read under it only when the tenant row shows such a write);
   * undefined when the row was held elsewhere or gone (the transaction is rolled back, the next group locks as
   * usual). The COMMIT holds whatever happens here: a failure only gives the connection back.
   */
  private async relocked(
    client: pg.PoolClient,
    tenant: string,
    written: Written,
  ): Promise<LockedTenant | undefined> {
    const version = written.versions.get(tenant);
    const rowVersion = written.rowVersions.get(tenant);
    const now = written.relocked?.[0]?.version;
    if (now === undefined || version === undefined || rowVersion === undefined) {
      await this.rollBack(client);
      return undefined;
    }
    if (Number(now) === rowVersion)
      return { lock: this.holding(client, tenant), delta: { gone: false, rows: [], version } };
    try {
      const id = client.escapeLiteral(tenant);
      const { rows } = await client.query<DeltaRow>(deltaQuery(id, String(version)));
      return { lock: this.holding(client, tenant), delta: toDelta(rows, version) };
    } catch (error) {
      giveBack(client, error);
      return undefined;
    }
  }

  /** Ends `client`'s transaction without a change and gives the connection back (dropped when that fails). */
  private async rollBack(client: pg.PoolClient): Promise<void> {
    await client.query("rollback").then(
      () => client.release(),
      (error: unknown) => giveBack(client, error),
    );
  }

  /** What a tenant committed after `since`. */
  async delta(tenant: string, since: number): Promise<TenantDelta> {
    const { rows } = await this.pool
      .query<DeltaRow>(deltaQuery("$1", "$2"), [tenant, since])
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    return toDelta(rows, since);
  }

  /** Creates the schema, or migrates it to {@link SCHEMA_VERSION}, in one transaction under a lock. */
  async migrate(): Promise<void> {
    const client = await this.connect();
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(725001)");
      await client.query("create table if not exists sandbox_schema (version integer not null)");
      const { rows } = await client.query<{ version: number }>("select version from sandbox_schema");
      let version = rows[0]?.version ?? 0;
      if (rows.length === 0) await client.query("insert into sandbox_schema values (0)");
      while (version < SCHEMA_VERSION) {
        version++;
        await client.query(MIGRATIONS[version] as string);
      }
      await client.query("update sandbox_schema set version = $1", [version]);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Creates or migrates the schema and loads the default world only: a created tenant is loaded when its key
   * is first used here ({@link tenantByKey}, then its rows by {@link delta}).
   */
  async load(): Promise<LoadedTenant[]> {
    await this.migrate();
    this.idleMs = await this.sharedIdleMs();
    const { rows: records } = await this.pool.query<{ id: string; meta: StoreMeta }>(
      "select id, meta from sandbox_tenants where id = $1",
      [DEFAULT_TENANT_ID],
    );
    const { rows } = await this.pool.query<{ kind: EntityKind; data: string }>(
      "select kind, data::text as data from sandbox_rows where tenant = $1",
      [DEFAULT_TENANT_ID],
    );
    const loaded = rows.map((row) => ({ kind: row.kind, value: parseJson(row.data) }));
    return records.map(({ id, meta }) => ({ id, meta, rows: loaded }));
  }

  /**
   * The idle time of tenants, one for every replica of the database, kept in it: a replica given one
   * (`--tenant-idle`) stores it, one given none takes what is stored (the default when nothing is). Sweeps read
   * it from the database when they run, so no replica judges by a time of its own.
   */
  private async sharedIdleMs(): Promise<number> {
    const value = (ms: number) => JSON.stringify(Number.isFinite(ms) ? ms : null);
    const { rows } = await this.pool.query<{ value: number | null }>(
      `insert into sandbox_settings (name, value) values ('tenant_idle_ms', $1::jsonb)
       on conflict (name) do update set value = case when $2 then excluded.value else sandbox_settings.value end
       returning value`,
      [value(this.idle.given ?? this.idle.fallback), this.idle.given !== undefined],
    );
    const stored = rows[0]?.value;
    return typeof stored === "number" ? stored : Number.POSITIVE_INFINITY;
  }

  /** The idle time of tenants every replica of the database shares (known once loaded). */
  get tenantIdleMs(): number {
    return this.idleMs;
  }

  /** A commit without a tenant's lock (state flushed at stop, a reset); writes under a lock use {@link lock}. */
  commit(batch: CommitBatch): Promise<CommitOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const group = this.queue;
        this.queue = [];
        try {
          const { refused } = await this.apply(mergeBatches(group.map((q) => q.batch)));
          for (const q of group) {
            const own = new Set(q.batch.tenants.map((t) => t.id));
            q.resolve({ refused: refused.filter((r) => own.has(r.id)) });
          }
        } catch (error) {
          for (const q of group) q.reject(error as Error);
        }
      }
    } finally {
      this.running = undefined;
    }
  }

  private async apply(batch: CommitBatch): Promise<CommitOutcome> {
    const client = await this.connect();
    try {
      await client.query("begin");
    } catch (error) {
      giveBack(client, error);
      throw unavailable(error);
    }
    const { refused } = await this.writeAndCommit(client, batch);
    return { refused };
  }

  /**
   * Writes the batch in the client's open transaction and commits it, then gives the client back; on a
   * failure rolls back, drops or returns the client, and throws the store's unavailability. A batch of tenants
   * already stored goes in one round trip with its COMMIT. `relock` (statements that take the tenant's row
   * again in a new transaction) goes in the same round trip after the COMMIT; when it ran, the client is kept.
   */
  private async writeAndCommit(client: pg.PoolClient, batch: CommitBatch, relock = ""): Promise<Written> {
    let written: Written & { committed?: boolean };
    try {
      written = await this.write(client, batch, relock);
    } catch (error) {
      // The connection is dropped, not rolled back: the server ends its transaction with it, and a server
      // that does not answer is not waited for a second time.
      giveBack(client, error);
      throw unavailable(error);
    }
    if (!written.committed) {
      try {
        const results = await client.query(`commit${relock}`);
        if (relock) written.relocked = relockedRows(results, 2);
      } catch (error) {
        giveBack(client, error);
        throw commitFailure(error);
      }
    }
    this.committedTransactions++;
    if (!written.relocked) client.release();
    return written;
  }

  private async write(
    client: pg.PoolClient,
    batch: CommitBatch,
    relock: string,
  ): Promise<Written & { committed?: boolean }> {
    // The shared idle time as the database holds it now (another replica may have set it since this one started).
    const idleSeconds = `(select coalesce((value #>> '{}')::float8, 1e12) / 1000 + ${TOUCH_EVERY_MS / 1000} from sandbox_settings where name = 'tenant_idle_ms')`;
    // The store decides: a tenant some replica used within the idle time stays, with its rows. A creation
    // sweeps every tenant idle on every replica (other replicas drop theirs when they next meet them).
    const created = batch.tenants.filter((t) => t.record);
    if (batch.evicted.length > 0 || created.length > 0) {
      await client.query(
        `with gone as (
           delete from sandbox_tenants where id in (
             select id from sandbox_tenants where record is not null
             and last_used_at < clock_timestamp() - make_interval(secs => ${idleSeconds}) and ($2 or id = any($1))
             for update skip locked
           ) returning id
         )
         delete from sandbox_rows where tenant in (select id from gone)`,
        [batch.evicted, created.length > 0],
      );
    }
    const versions = new Map<string, number>();
    const rowVersions = new Map<string, number>();
    const note = (id: string, { version, rowVersion }: TenantWritten) => {
      versions.set(id, version);
      rowVersions.set(id, rowVersion);
    };
    const stored = batch.tenants.filter((t) => !t.record);
    for (const [i, tenant] of stored.entries()) {
      // With no tenant to create, the last statement carries the COMMIT (one round trip for it).
      if (created.length === 0 && i === stored.length - 1 && !tenant.reset) {
        const written = await this.writeTenantAndCommit(client, tenant, relock);
        note(tenant.id, written);
        return {
          refused: [],
          versions,
          rowVersions,
          committed: true,
          ...(written.relocked ? { relocked: written.relocked } : {}),
        };
      }
      note(tenant.id, await this.writeTenant(client, tenant));
    }
    // New tenants last: the lock that counts them is taken after every row lock this transaction needs, so
    // whoever holds it waits for nothing else.
    const refused: CommitOutcome["refused"] = [];
    if (created.length > 0) await client.query(`select pg_advisory_xact_lock(${TENANT_COUNT_LOCK})`);
    for (const tenant of created) {
      const { rows } = await client.query<{ admitted: boolean; retry_after_ms: number | null }>(
        `with admitted as (
           insert into sandbox_tenants (id, record, meta, version)
           select $1, $2, $3, nextval('sandbox_version')
           where (select count(*) from sandbox_tenants where record is not null) < $4::float8
           on conflict (id) do nothing returning id
         )
         select exists (select 1 from admitted) or exists (select 1 from sandbox_tenants where id = $1) as admitted,
           (select extract(epoch from min(last_used_at) + make_interval(secs => ${idleSeconds}) - clock_timestamp()) * 1000
            from sandbox_tenants where record is not null)::float8 as retry_after_ms`,
        [tenant.id, JSON.stringify(tenant.record), tenant.meta, this.maxTenants],
      );
      const row = rows[0];
      if (!row?.admitted) {
        refused.push({ id: tenant.id, retryAfterMs: Math.max(0, row?.retry_after_ms ?? 0) });
        continue;
      }
      await client.query(
        "insert into sandbox_keys (api_key, tenant) select unnest($1::text[]), $2 on conflict do nothing",
        [tenant.record?.keys.map((k) => k.api_key), tenant.id],
      );
      note(tenant.id, await this.writeTenant(client, tenant));
    }
    return { refused, versions, rowVersions };
  }

  /**
   * A tenant's record, meta and rows in one statement (one round trip); a reset first drops its stored rows.
   * Resolves to the newest version written and the tenant row's.
   */
  private async writeTenant(client: pg.PoolClient, tenant: TenantChanges): Promise<TenantWritten> {
    if (tenant.reset) await client.query("delete from sandbox_rows where tenant = $1", [tenant.id]);
    const { rows } = await client.query<VersionRow>(
      tenantWrite("$1", "$2", "$3", "$4::text[]", "$5::text[]", "$6::text[]"),
      [
        tenant.id,
        tenant.record ? JSON.stringify(tenant.record) : null,
        tenant.meta,
        tenant.rows.map((r) => r.kind),
        tenant.rows.map((r) => r.id),
        tenant.rows.map((r) => r.json),
      ],
    );
    return tenantWritten(rows[0]);
  }

  /**
   * The same statement and the COMMIT in one round trip (the simple protocol, values as escaped literals).
   * The server's error means nothing was committed; no answer at all leaves the COMMIT unknown. `relock`
   * follows the COMMIT in the same round trip.
   */
  private async writeTenantAndCommit(
    client: pg.PoolClient,
    tenant: TenantChanges,
    relock: string,
  ): Promise<TenantWritten & { relocked?: { version: string }[] }> {
    const literal = (value: string | null) => (value === null ? "null" : client.escapeLiteral(value));
    const array = (values: string[]) =>
      values.length === 0 ? "'{}'::text[]" : `array[${values.map(literal).join(",")}]::text[]`;
    let results: pg.QueryResult<VersionRow>[];
    try {
      results = (await client.query(
        `${tenantWrite(
          literal(tenant.id),
          `${literal(tenant.record ? JSON.stringify(tenant.record) : null)}::jsonb`,
          `${literal(tenant.meta)}::jsonb`,
          array(tenant.rows.map((r) => r.kind)),
          array(tenant.rows.map((r) => r.id)),
          array(tenant.rows.map((r) => r.json)),
        )}; commit${relock}`,
      )) as unknown as pg.QueryResult<VersionRow>[];
    } catch (error) {
      throw commitFailure(error);
    }
    const written = tenantWritten(results[0]?.rows[0]);
    return relock ? { ...written, relocked: relockedRows(results, 3) } : written;
  }

  async close(): Promise<void> {
    await this.running;
    await this.pool.end();
  }
}

/** Gives a connection back after an error: the pool drops it (it may be broken) and opens a new one later. */
function giveBack(client: pg.PoolClient, error: unknown): void {
  client.release(error instanceof Error ? error : new Error(String(error)));
}

/** What writing a tenant answered: the newest version written, and the version its tenant row took. */
interface TenantWritten {
  version: number;
  rowVersion: number;
}

interface VersionRow {
  version: string;
  row_version: string;
}

const tenantWritten = (row: VersionRow | undefined): TenantWritten => ({
  version: Number(row?.version ?? 0),
  rowVersion: Number(row?.row_version ?? 0),
});

/**
 * Takes tenant `id`'s row lock again in a transaction begun after a COMMIT, without waiting: no row when another
 * transaction holds it (or it is gone). Answers the tenant row's version: unchanged since the COMMIT, nothing
 * else wrote the tenant in between.
 */
const relockStatement = (id: string) =>
  `update sandbox_tenants set last_used_at = clock_timestamp() where id = (select id from sandbox_tenants where id = ${id} for update skip locked) returning version`;

/** The rows of the relock statement, the `at`-th result of a round trip (`begin` before it). */
function relockedRows(results: unknown, at: number): { version: string }[] {
  const result: { rows?: { version: string }[] } | undefined = Array.isArray(results)
    ? results[at]
    : undefined;
  return result?.rows ?? [];
}

/** A tenant's record, meta and rows written (values as placeholders or literals), answering the newest version. */
function tenantWrite(
  id: string,
  record: string,
  meta: string,
  kinds: string,
  ids: string,
  data: string,
): string {
  return `with tenant as (
     insert into sandbox_tenants (id, record, meta, version) values (${id}, ${record}, ${meta}, nextval('sandbox_version'))
     on conflict (id) do update set meta = excluded.meta, version = excluded.version,
       record = coalesce(excluded.record, sandbox_tenants.record), last_used_at = clock_timestamp()
     returning version
   ), written as (
     insert into sandbox_rows (tenant, kind, id, data, version)
     select ${id}, kind, id, data::jsonb, nextval('sandbox_version')
     from unnest(${kinds}, ${ids}, ${data}) as r(kind, id, data)
     on conflict (tenant, kind, id) do update set data = excluded.data, version = excluded.version
     returning version
   )
   select greatest((select max(version) from written), (select version from tenant)) as version,
     (select version from tenant) as row_version`;
}

/** A COMMIT that failed: refused by the server (rolled back, a 503), or never answered (unknown, a 504). */
function commitFailure(error: unknown): StoreUnavailable {
  if (isServerError(error)) return unavailable(error);
  return new CommitUnconfirmed(`PostgreSQL did not confirm a COMMIT: ${(error as Error)?.message}`, {
    cause: error,
  });
}

/** Whether the server itself answered with this error (it carries a SQLSTATE), rather than never answering. */
const isServerError = (error: unknown): boolean =>
  error instanceof pg.DatabaseError || /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown })?.code));

/** Any failure of the database under a request is the store being unavailable (the message is logged only). */
function unavailable(error: unknown): StoreUnavailable {
  if (error instanceof StoreUnavailable) return error;
  return new StoreUnavailable(`PostgreSQL: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

interface DeltaRow {
  kind: EntityKind | null;
  /** The row's JSON text (read as text, so integers beyond ±(2^53 − 1) keep their digits). */
  data: string | null;
  version: string;
}

/** The tenant's row (its meta when newer than `since`) and its rows newer than `since`, oldest first. */
function deltaQuery(tenant: string, since: string): string {
  return `select null as kind, case when version > ${since} then meta::text end as data, version from sandbox_tenants where id = ${tenant}
    union all
    (select kind, data::text, version from sandbox_rows where tenant = ${tenant} and version > ${since} order by version)`;
}

function toDelta(rows: DeltaRow[], since: number): TenantDelta {
  const delta: TenantDelta = { gone: true, rows: [], version: since };
  for (const row of rows) {
    delta.version = Math.max(delta.version, Number(row.version));
    if (row.kind === null) {
      delta.gone = false;
      if (row.data !== null)
        delta.meta = { value: parseJson(row.data) as StoreMeta, version: Number(row.version) };
    } else
      delta.rows.push({ kind: row.kind, value: parseJson(row.data ?? "null"), version: Number(row.version) });
  }
  return delta;
}
