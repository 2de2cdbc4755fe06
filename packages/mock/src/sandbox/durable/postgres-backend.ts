import pg from "pg";
import type { EntityKind, StoreMeta } from "../store.js";
import type { CommitBatch, LoadedTenant, StateBackend, TenantRow } from "./backend.js";

/** The schema's version; `migrate` brings an older database up to it at start. */
export const SCHEMA_VERSION = 1;

const MIGRATIONS: Record<number, string> = {
  1: `
    create table sandbox_tenants (
      id text primary key,
      record jsonb,
      meta jsonb not null
    );
    create table sandbox_rows (
      tenant text not null,
      kind text not null,
      id text not null,
      data jsonb not null,
      primary key (tenant, kind, id)
    );`,
};

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

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
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

  private async apply(batches: CommitBatch[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("begin");
      for (const batch of batches) {
        if (batch.evicted.length > 0) {
          await client.query("delete from sandbox_rows where tenant = any($1)", [batch.evicted]);
          await client.query("delete from sandbox_tenants where id = any($1)", [batch.evicted]);
        }
        for (const tenant of batch.tenants) {
          if (tenant.reset) await client.query("delete from sandbox_rows where tenant = $1", [tenant.id]);
          await client.query(
            `insert into sandbox_tenants (id, record, meta) values ($1, $2, $3)
             on conflict (id) do update set meta = excluded.meta, record = coalesce(excluded.record, sandbox_tenants.record)`,
            [tenant.id, tenant.record ? JSON.stringify(tenant.record) : null, tenant.meta],
          );
          if (tenant.rows.length === 0) continue;
          await client.query(
            `insert into sandbox_rows (tenant, kind, id, data)
             select $1, kind, id, data::jsonb from unnest($2::text[], $3::text[], $4::text[]) as r(kind, id, data)
             on conflict (tenant, kind, id) do update set data = excluded.data`,
            [
              tenant.id,
              tenant.rows.map((r) => r.kind),
              tenant.rows.map((r) => r.id),
              tenant.rows.map((r) => r.json),
            ],
          );
        }
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.running;
    await this.pool.end();
  }
}
