import pg from "pg";
import { postgresBinDir } from "../../../../scripts/ensure-system-deps.mjs";
import { HANG_DETECTOR_MS } from "../../../../scripts/hang-detector.mjs";
import { startPostgres as startIn, type ThrowawayPostgres } from "../sandbox/durable/throwaway-postgres.js";

export type { ThrowawayPostgres };

/** A throwaway PostgreSQL for one test file, from the system's PostgreSQL (see ensure-system-deps). */
export const startPostgres = (): Promise<ThrowawayPostgres> => startIn(postgresBinDir());

/** How many created tenants the database at `url` holds (every replica's; the default world not counted). */
export async function storedTenants(url: string): Promise<number> {
  const [counted] = await query<{ n: number }>(
    url,
    "select count(*)::int as n from sandbox_tenants where record is not null",
    [],
  );
  return counted?.n ?? 0;
}

/** The id of the tenant of `key` in the database at `url` (undefined when no tenant has it). */
export async function tenantIdOf(url: string, key: string): Promise<string | undefined> {
  return (
    await query<{ tenant: string }>(url, "select tenant from sandbox_keys where api_key = $1", [key])
  )[0]?.tenant;
}

/** How many tenant records and entity rows the database at `url` holds for the tenant `id`. */
export async function storedOf(url: string, id: string): Promise<{ tenants: number; rows: number }> {
  const [counts] = await query<{ tenants: number; rows: number }>(
    url,
    `select (select count(*)::int from sandbox_tenants where id = $1) as tenants,
            (select count(*)::int from sandbox_rows where tenant = $1) as rows`,
    [id],
  );
  return counts ?? { tenants: 0, rows: 0 };
}

/** How many sessions of the database at `url` are left inside a transaction that nobody ends. */
export async function transactionsLeftOpen(url: string): Promise<number> {
  const [open] = await query<{ n: number }>(
    url,
    "select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%'",
    [],
  );
  return open?.n ?? 0;
}

/** Matches the statement that takes tenant `$1`'s row lock for a write group (`begin; update sandbox_tenants …`). */
const GROUP_LOCK_STATEMENT = `query like 'begin; update sandbox_tenants set last_used_at = clock_timestamp() where id = ' || quote_literal($1::text) || '%'`;

/** Resolves once a write group holds tenant `id`'s row lock (its transaction is open, waiting for its writers). */
export const tenantLockHeld = (url: string, id: string): Promise<void> =>
  activitySeen(
    url,
    `state = 'idle in transaction' and ${GROUP_LOCK_STATEMENT}`,
    [id],
    `a transaction holding tenant ${id}'s lock`,
  );

/** Resolves once a write group's lock of tenant `id` waits for a lock that another transaction holds. */
export const tenantLockWaits = (url: string, id: string): Promise<void> =>
  activitySeen(
    url,
    `wait_event_type = 'Lock' and ${GROUP_LOCK_STATEMENT}`,
    [id],
    `a write group of tenant ${id} waiting for its lock`,
  );

/**
 * Holds tenant `id`'s row in a transaction of the test's own (`SELECT … FOR UPDATE`), as a replica's write
 * group would, until `release()` ends it without a change.
 */
export async function holdTenantRow(url: string, id: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client(url);
  await client.connect();
  await client.query("begin");
  await client.query("select 1 from sandbox_tenants where id = $1 for update", [id]);
  return {
    async release() {
      await client.query("rollback");
      await client.end();
    },
  };
}

/** Polls `pg_stat_activity` until a backend matches `where`; throws after `timeoutMs`, naming `what`. */
async function activitySeen(
  url: string,
  where: string,
  values: unknown[],
  what: string,
  timeoutMs = HANG_DETECTOR_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [seen] = await query<{ n: number }>(
      url,
      `select count(*)::int as n from pg_stat_activity where ${where}`,
      values,
    );
    if ((seen?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no sign of ${what} within ${timeoutMs} ms`);
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A deferred constraint trigger on the sandbox's rows: while refusing, every COMMIT that wrote a row fails after
 * `pauseSeconds` (the statements of its transaction all succeeded), the way a storage fault at COMMIT does.
 * `admin` is the connection it is managed through (a test may query with it too); `remove` drops it all.
 */
export async function refusedCommits(url: string, pauseSeconds: number) {
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query(`
    create table refuse_commit (on_ boolean not null);
    insert into refuse_commit values (false);
    create function refuse_commit_check() returns trigger language plpgsql as $$
    begin
      if (select on_ from refuse_commit) then
        perform pg_sleep(${Number(pauseSeconds)});
        raise exception 'COMMIT refused on purpose';
      end if;
      return null;
    end $$;
    create constraint trigger refuse_commit_at_end after insert or update on sandbox_rows
      deferrable initially deferred for each row execute function refuse_commit_check();`);
  return {
    admin,
    refuse: () => admin.query("update refuse_commit set on_ = true"),
    allow: () => admin.query("update refuse_commit set on_ = false"),
    async remove() {
      await admin
        .query(`
          drop trigger refuse_commit_at_end on sandbox_rows;
          drop function refuse_commit_check;
          drop table refuse_commit;`)
        .catch(() => undefined);
      await admin.end();
    },
  };
}
