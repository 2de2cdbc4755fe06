/**
 * The backing store (PostgreSQL, the LMDB folder, the state file) cannot take or give state right now: the
 * server is down or restarting, the disk is full. The request pipeline answers it with 503 and `Retry-After`
 * in the operation's service shape; `message` is for the sandbox's log only and is never sent, as it may
 * name hosts, ports or paths.
 */
export class StoreUnavailable extends Error {
  /** What the client is told to wait before trying again, in seconds. */
  readonly retryAfterSeconds: number;

  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "StoreUnavailable";
    this.retryAfterSeconds = options.retryAfterSeconds ?? 1;
  }
}

/**
 * The store did not confirm a commit it was sent (the server stopped answering, or went away, while it was
 * committing): the write may or may not be stored. The pipeline answers it with a 504 that says so (a 503
 * would claim that nothing changed); the store is brought up to date from the backend on the next call.
 */
export class CommitUnconfirmed extends StoreUnavailable {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = "CommitUnconfirmed";
  }
}
