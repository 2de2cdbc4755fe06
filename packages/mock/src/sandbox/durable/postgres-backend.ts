import pg from "pg";
import type { EntityKind, StoreMeta } from "../store.js";
import type { CommitBatch, LoadedTenant, StateBackend, TenantRow } from "./backend.js";

/** The schema's version; `migrate` brings an older database up to it at start. */
export const SCHEMA_VERSION = 1;

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
};

/** A request's transaction, holding its tenant's row lock until it commits or rolls back. */
export interface TenantLock {
  client: pg.PoolClient;
  /** Rolls back (when not committed) and gives the connection back; safe to call twice. */
  release(): Promise<void>;
}

/** What changed in a tenant after a version: its meta (when newer) and its rows, and the newest version. */
export interface TenantDelta {
  meta?: StoreMeta;
  rows: { kind: EntityKind; value: unknown }[];
  version: number;
}

interface Queued {
  batch: CommitBatch;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The PostgreSQL backend (`--database-url`), through `pg`. Commits are applied in the order they were made:
 * the ones that arrive while a transaction runs wait and then go together in the next one (group commit), so
 * every answer still waits for a COMMIT that includes its change, and throughput does not stop at one round
 * trip per request.
 */
export class PostgresBackend implements StateBackend {
  readonly name = "postgres";
  private readonly pool: pg.Pool;
  private queue: Queued[] = [];
  private running: Promise<void> | undefined;
  /** The open request transaction of each tenant in this process (the row lock admits one at a time). */
  private readonly locks = new Map<string, { client: pg.PoolClient; done: boolean }>();

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 16 });
    // An idle connection the server closed (a restart, a shutdown) is dropped by the pool and replaced on the
    // next query; without a listener its error would end the process.
    this.pool.on("error", () => undefined);
  }

  /** Stores a tenant's first meta unless it is stored already (replicas starting on one database). */
  async ensureTenant(id: string, meta: string): Promise<void> {
    await this.pool.query(
      "insert into sandbox_tenants (id, record, meta, version) values ($1, null, $2, nextval('sandbox_version')) on conflict (id) do nothing",
      [id, meta],
    );
  }

  /** The tenants' records (keys), for a replica that meets a key another replica created. */
  async tenantRecords(): Promise<{ id: string; record: TenantRow }[]> {
    const { rows } = await this.pool.query<{ id: string; record: TenantRow }>(
      "select id, record from sandbox_tenants where record is not null",
    );
    return rows;
  }

  /**
   * Begins a request's transaction and locks the tenant's row (`FOR UPDATE`): writes to one tenant are
   * serialised across every replica; the request's commit goes through this transaction.
   */
  async lock(tenant: string): Promise<TenantLock> {
    const client = await this.pool.connect();
    const entry = { client, done: false };
    try {
      // One round trip: the lock is taken where the transaction begins.
      await client.query(
        `begin; select 1 from sandbox_tenants where id = ${client.escapeLiteral(tenant)} for update`,
      );
    } catch (error) {
      client.release();
      throw error;
    }
    this.locks.set(tenant, entry);
    return {
      client,
      release: async () => {
        if (this.locks.get(tenant) === entry) this.locks.delete(tenant);
        if (entry.done) return;
        entry.done = true;
        try {
          await client.query("rollback");
        } finally {
          client.release();
        }
      },
    };
  }

  /** What a tenant committed after `since` (read through `client` inside a lock, else the pool). */
  async delta(tenant: string, since: number, client?: pg.PoolClient): Promise<TenantDelta> {
    const { rows } = await (client ?? this.pool).query<{
      kind: EntityKind | null;
      data: unknown;
      version: string;
    }>(
      `select null as kind, meta as data, version from sandbox_tenants where id = $1 and version > $2
       union all
       (select kind, data, version from sandbox_rows where tenant = $1 and version > $2 order by version)`,
      [tenant, since],
    );
    const delta: TenantDelta = { rows: [], version: since };
    for (const row of rows) {
      delta.version = Math.max(delta.version, Number(row.version));
      if (row.kind === null) delta.meta = row.data as StoreMeta;
      else delta.rows.push({ kind: row.kind, value: row.data });
    }
    return delta;
  }

  /** Creates the schema, or migrates it to {@link SCHEMA_VERSION}, in one transaction under a lock. */
  async migrate(): Promise<void> {
    const client = await this.pool.connect();
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

  async load(): Promise<LoadedTenant[]> {
    await this.migrate();
    const tenants = new Map<string, LoadedTenant>();
    const { rows: records } = await this.pool.query<{
      id: string;
      record: TenantRow | null;
      meta: StoreMeta;
    }>("select id, record, meta from sandbox_tenants");
    for (const { id, record, meta } of records)
      tenants.set(id, { id, ...(record ? { record } : {}), meta, rows: [] });
    const { rows } = await this.pool.query<{ tenant: string; kind: EntityKind; data: unknown }>(
      "select tenant, kind, data from sandbox_rows",
    );
    for (const row of rows) tenants.get(row.tenant)?.rows.push({ kind: row.kind, value: row.data });
    return [...tenants.values()];
  }

  commit(batch: CommitBatch): Promise<void> {
    const locked = batch.tenants.map((t) => this.locks.get(t.id)).find((l) => l && !l.done);
    if (locked) return this.commitLocked(locked, batch);
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
          await this.apply(group.map((q) => q.batch));
          for (const q of group) q.resolve();
        } catch (error) {
          for (const q of group) q.reject(error as Error);
        }
      }
    } finally {
      this.running = undefined;
    }
  }

  /** Commits through a request's open transaction (it holds the tenant's lock). */
  private async commitLocked(
    lock: { client: pg.PoolClient; done: boolean },
    batch: CommitBatch,
  ): Promise<void> {
    lock.done = true;
    try {
      await this.write(lock.client, [batch]);
      await lock.client.query("commit");
    } catch (error) {
      await lock.client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      lock.client.release();
    }
  }

  private async apply(batches: CommitBatch[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("begin");
      await this.write(client, batches);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async write(client: pg.PoolClient, batches: CommitBatch[]): Promise<void> {
    for (const batch of batches) {
      if (batch.evicted.length > 0) {
        await client.query("delete from sandbox_rows where tenant = any($1)", [batch.evicted]);
        await client.query("delete from sandbox_tenants where id = any($1)", [batch.evicted]);
      }
      for (const tenant of batch.tenants) {
        if (tenant.reset) await client.query("delete from sandbox_rows where tenant = $1", [tenant.id]);
        // The tenant's record and its rows in one statement (one round trip).
        await client.query(
          `with tenant as (
             insert into sandbox_tenants (id, record, meta, version) values ($1, $2, $3, nextval('sandbox_version'))
             on conflict (id) do update set meta = excluded.meta, version = excluded.version,
               record = coalesce(excluded.record, sandbox_tenants.record)
           )
           insert into sandbox_rows (tenant, kind, id, data, version)
           select $1, kind, id, data::jsonb, nextval('sandbox_version')
           from unnest($4::text[], $5::text[], $6::text[]) as r(kind, id, data)
           on conflict (tenant, kind, id) do update set data = excluded.data, version = excluded.version`,
          [
            tenant.id,
            tenant.record ? JSON.stringify(tenant.record) : null,
            tenant.meta,
            tenant.rows.map((r) => r.kind),
            tenant.rows.map((r) => r.id),
            tenant.rows.map((r) => r.json),
          ],
        );
      }
    }
  }

  async close(): Promise<void> {
    await this.running;
    await this.pool.end();
  }
}
