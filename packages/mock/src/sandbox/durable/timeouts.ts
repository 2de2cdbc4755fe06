/**
 * How long the sandbox waits on PostgreSQL, in ms. Past any of them the call is answered 503 with
 * `Retry-After` (never a hang, whether the server is down, partitioned or hung), and the next call tries again.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /** One statement: the server cancels it, and the sandbox stops waiting for an answer that does not come. */
  queryMs: number;
  /** Waiting for a lock another transaction holds (a tenant's row another replica is writing). */
  lockMs: number;
}

export const DATABASE_TIMEOUT_DEFAULTS: DatabaseTimeouts = {
  connectMs: 5_000,
  queryMs: 10_000,
  lockMs: 5_000,
};
