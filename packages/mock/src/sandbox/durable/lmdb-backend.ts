import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { open, type RootDatabase } from "lmdb";
import { parseJson } from "../exact-json.js";
import { getOrAdd } from "../indexes/get-or-add.js";
import type { EntityKind, StoreMeta } from "../store.js";
import type { StoreUnavailable } from "../store-unavailable.js";
import type { CommitBatch, CommitOutcome, LoadedTenant, StateBackend, TenantRow } from "./backend.js";

/** Free space the folder must have at start: the lock file and the first pages, with room to spare. */
const ROOM_BYTES = 1024 * 1024;

// Keys: [tenant, "meta"], [tenant, "record"], [tenant, "row", kind, id]; values are JSON text.
type Key = [string, "meta"] | [string, "record"] | [string, "row", EntityKind, string];

/**
 * The embedded durable backend (`--data-dir`): LMDB through `lmdb`. Each commit is an asynchronous batch of
 * writes (a child transaction when it drops rows, which needs the keys stored): lmdb-js runs the commits made
 * while its write thread flushes one transaction together in the next, all or nothing each, and the flush (a
 * commit to disk, with `fsync`) happens on that thread, off the event loop, which never waits for it. A commit
 * resolves once the transaction holding it is on disk, so an acknowledged change survives a crash of the
 * process or of the machine. A commit that fails rejects, and `Durability` answers it as a
 * {@link StoreUnavailable}; the process stays up.
 */
export class LmdbBackend implements StateBackend {
  readonly name = "lmdb";
  private readonly db: RootDatabase<string, Key>;

  /**
   * Opens (and makes) the folder. It must have room for the database's first pages: LMDB maps its files, and
   * a page the disk cannot hold ends the process with SIGBUS instead of an error.
   */
  static open(dir: string): LmdbBackend {
    // The folder is ours whatever its name: lmdb takes a name with a dot for a file unless told otherwise.
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.room-${process.pid}`);
    try {
      const fd = openSync(probe, "w");
      try {
        writeSync(fd, Buffer.alloc(ROOM_BYTES, 1));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(
        code === "ENOSPC" || code === "EDQUOT"
          ? `no room for the database (${ROOM_BYTES / 1024} KiB free needed)`
          : (error as Error).message,
      );
    } finally {
      rmSync(probe, { force: true });
    }
    return new LmdbBackend(dir);
  }

  private constructor(dir: string) {
    const options = {
      path: dir,
      noSubdir: false,
      encoding: "string" as const,
      overlappingSync: false,
      noSync: false,
      // Without it, lmdb starts a batch per event-loop turn whose commit promise nobody holds: on a failed
      // commit (a full disk) its rejection would go unhandled and end the process.
      eventTurnBatching: false,
      // A transaction starts on the next turn of the event loop (or once the one on the disk ends), never after a
      // few writes: the commits made meanwhile all go in it. (lmdb-js documents it; its types leave it out.)
      txnStartThreshold: Number.MAX_SAFE_INTEGER,
      // A commit that drops rows runs as a transaction callback: in the order it was made among the batches.
      strictAsyncOrder: true,
    };
    this.db = open<string, Key>(options);
  }

  async load(): Promise<LoadedTenant[]> {
    const tenants = new Map<string, LoadedTenant>();
    for (const { key, value } of this.db.getRange()) {
      const [id, part, kind] = key;
      const tenant = getOrAdd(tenants, id, (): LoadedTenant => ({ id, rows: [] }));
      if (part === "meta") tenant.meta = JSON.parse(value) as StoreMeta;
      else if (part === "record") tenant.record = JSON.parse(value) as TenantRow;
      else if (kind) tenant.rows.push({ kind, value: parseJson(value) });
    }
    return [...tenants.values()];
  }

  /** One process holds the folder: the registry's own count is the limit of tenants, so nothing is refused here. */
  async commit(batch: CommitBatch): Promise<CommitOutcome> {
    // Dropping rows needs the keys stored, read inside the transaction: a child transaction, whose callback runs
    // here when the write thread reaches it. Other commits are batches the write thread applies alone.
    const drops = batch.evicted.length > 0 || batch.tenants.some((t) => t.reset);
    const written = drops
      ? this.db.childTransaction(() => {
          for (const id of batch.evicted) this.removeRange([id], [id, "\uffff"]);
          this.put(batch, (key, value) => this.db.putSync(key, value));
        })
      : this.db.batch(() => this.put(batch, (key, value) => this.db.put(key, value)));
    try {
      await written;
    } catch (error) {
      // A failed commit's error carries lmdb's own promise of the cause, rejected after it: handled here, so
      // that it does not end the process.
      (error as { commitError?: Promise<unknown> }).commitError?.catch(() => undefined);
      throw error;
    }
    return { refused: [] };
  }

  /** The database's transactions so far (a figure for tests and benchmarks: commits go together). */
  get committedTransactions(): number {
    return (this.db.getStats() as { lastTxnId: number }).lastTxnId;
  }

  /** Puts the batch's records, metas and rows (a reset first drops the tenant's rows stored before). */
  private put(batch: CommitBatch, put: (key: Key, value: string) => unknown): void {
    for (const tenant of batch.tenants) {
      if (tenant.reset) this.removeRange([tenant.id, "row"], [tenant.id, "row", "\uffff"]);
      if (tenant.record) put([tenant.id, "record"], JSON.stringify(tenant.record));
      put([tenant.id, "meta"], tenant.meta);
      for (const row of tenant.rows) put([tenant.id, "row", row.kind, row.id], row.json);
    }
  }

  private removeRange(start: unknown[], end: unknown[]): void {
    for (const key of this.db.getKeys({ start: start as Key, end: end as Key })) this.db.removeSync(key);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
