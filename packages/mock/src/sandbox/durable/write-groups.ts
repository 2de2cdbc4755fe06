import type { Store } from "../store.js";
import type { CommitBatch, CommitOutcome } from "./backend.js";
import type { Durability, TakenChanges } from "./durability.js";
import { WriteJournal } from "./write-journal.js";

/** A tenant's lock across replicas, held by a group while its writers run and until its COMMIT. */
export interface GroupLock {
  /**
   * Writes a batch in the locked transaction and commits it. With `lockNext` (writers wait for the next group),
   * it may take the lock for that group in the same round trip: then it comes back as `next`.
   */
  commit(batch: CommitBatch, lockNext: boolean): Promise<CommitOutcome & { next?: GroupLock }>;
  /** Rolls back what was not committed and gives the connection back; safe to call twice. */
  release(): Promise<void>;
}

export interface WriteGroupsOptions {
  durability: Durability;
  /** Takes the tenant's lock and brings its store up to date under it; undefined when the tenant is gone. */
  lock(store: Store): Promise<GroupLock | undefined>;
  /** A new tenant the store refused: forgotten here; returns the error its creator answers (a 429). */
  refused(store: Store, retryAfterMs: number): Error;
  /** A new tenant whose creation was not committed: its creator answers 503, and it is forgotten here. */
  lost(store: Store): void;
}

/** What a write call waits for: its turn, then the COMMIT that holds its change. */
interface Writer {
  closed(): boolean;
  turn: Settle<() => Promise<void>>;
  /** Set while it is the writer's turn: ends the turn, with what the writer changed when it wrote. */
  end?: (take?: TakenChanges) => void;
  take?: TakenChanges;
  committed?: Settle<void>;
  /**
   * Set when the writer's turn ended without a change of its own while earlier writers of its group had
   * changed the store: its answer was made from those changes, so it stands or falls with their COMMIT.
   */
  sawUncommitted?: Settle<void>;
}

interface Settle<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function settle<T>(): Settle<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * A tenant's writers in this process: those waiting for the next group, the one whose turn it is, and, once a
 * writer of the running group changed the store, the end of that group's COMMIT (reads wait for it).
 */
interface TenantWriters {
  waiting: Writer[];
  current: Writer | undefined;
  uncommitted: Settle<void> | undefined;
  /** The lock for the next group, taken with the last COMMIT. */
  held: GroupLock | undefined;
}

const nothingToEnd = async () => undefined;

/**
 * Group commit of a tenant's writers. The writers of one tenant that arrive while a group holds its lock wait
 * together; then one lock is taken for all of them, each runs in its turn on the in-memory store (seeing what
 * the previous one left; its answer is made from the state as its own write left it), one COMMIT holds every
 * change, and only then do their answers go. When that COMMIT fails, every writer of the group fails with it
 * and the store is rolled back to what it was before the group: a 503 means that nothing changed. Reads of
 * the tenant wait while a group's changes are not committed, so they never show a change that may yet be
 * rolled back. A writer whose client left before its turn is skipped without waiting for it.
 */
export class WriteGroups {
  private readonly tenants = new Map<Store, TenantWriters>();

  constructor(private readonly options: WriteGroupsOptions) {}

  /**
   * Waits for the call's turn in its tenant's next group. Resolves to the function that ends the turn (call
   * it once the call is done; after {@link commit} it does nothing); rejects when the lock cannot be taken.
   */
  enter(store: Store, call: { closed(): boolean }): Promise<() => Promise<void>> {
    const writer: Writer = { closed: () => call.closed(), turn: settle() };
    const writers = this.tenants.get(store);
    if (writers) writers.waiting.push(writer);
    else {
      const first: TenantWriters = {
        waiting: [writer],
        current: undefined,
        uncommitted: undefined,
        held: undefined,
      };
      this.tenants.set(store, first);
      void this.run(store, first);
    }
    return writer.turn.promise;
  }

  /**
   * Ends the turn of the store's current writer with what it changed; resolves once its group's COMMIT holds
   * it. Undefined when no writer of the store has its turn (the store is not written through a group).
   */
  commit(store: Store): Promise<void> | undefined {
    const writers = this.tenants.get(store);
    const writer = writers?.current;
    if (!writers || !writer?.end) return undefined;
    writers.uncommitted ??= settle();
    writer.committed = settle();
    // The tenants it created are taken now (a refusal is its creator's answer); the store's own changes are
    // taken once for the whole group when it commits.
    writer.end(this.options.durability.takeCreated());
    return writer.committed.promise;
  }

  /**
   * Resolves once the store holds no change that is not committed (at once when it holds none): a read waits
   * for it, so that it never shows a write whose COMMIT may still fail.
   */
  committed(store: Store): Promise<void> | undefined {
    return this.tenants.get(store)?.uncommitted?.promise;
  }

  /** Runs the store's groups one after another while writers wait. */
  private async run(store: Store, writers: TenantWriters): Promise<void> {
    try {
      while (writers.waiting.length > 0) await this.runGroup(store, writers);
    } catch (error) {
      // Nothing on the way is meant to throw; if something does, the writers still waiting fail with it
      // rather than wait for ever (and the process does not die of an unhandled rejection).
      for (const writer of writers.waiting.splice(0)) writer.turn.reject(error);
    } finally {
      this.tenants.delete(store);
      await writers.held?.release();
    }
  }

  private async runGroup(store: Store, writers: TenantWriters): Promise<void> {
    let lock = writers.held;
    writers.held = undefined;
    try {
      lock ??= await this.options.lock(store);
    } catch (error) {
      for (const writer of writers.waiting.splice(0)) writer.turn.reject(error);
      return;
    }
    // Everyone who arrived while the lock was being taken belongs to this group.
    const group = writers.waiting.splice(0);
    if (!lock) {
      // The tenant is gone: each call fails as its tenant's calls do.
      for (const writer of group) writer.turn.resolve(nothingToEnd);
      return;
    }
    const journal = new WriteJournal(store, () => {
      writers.uncommitted ??= settle();
    });
    try {
      for (const writer of group) {
        if (writer.closed()) {
          writer.turn.resolve(nothingToEnd);
          continue;
        }
        writers.current = writer;
        await new Promise<void>((done) => {
          writer.end = (take) => {
            writer.end = undefined;
            if (take) writer.take = take;
            done();
          };
          writer.turn.resolve(() => this.endWithoutChange(writers, writer));
        });
      }
      writers.current = undefined;
      writers.held = await this.commitGroup(store, journal, group, lock, writers.waiting.length > 0);
    } finally {
      // However the group ended, no writer waits on it any longer (a failed COMMIT rejected them already).
      for (const writer of group) writer.sawUncommitted?.resolve();
      // Whatever ended the group, what it left uncommitted is undone (a no-op after its COMMIT).
      journal.rollBack();
      writers.current = undefined;
      writers.uncommitted?.resolve();
      writers.uncommitted = undefined;
      await lock.release();
    }
  }

  /**
   * Ends a writer's turn when it changed nothing (a refusal, a 404). When its group's earlier writers had changed
   * the store, the answer it made may rest on them: it waits for their COMMIT and fails with it, so that a
   * refusal is never answered from a state that is then rolled back.
   */
  private endWithoutChange(writers: TenantWriters, writer: Writer): Promise<void> {
    if (!writer.end) return Promise.resolve();
    if (writers.uncommitted) {
      writer.sawUncommitted = settle();
      // Rejected only for the call that awaits it; this branch keeps the rejection from counting as unhandled.
      writer.sawUncommitted.promise.catch(() => undefined);
    }
    writer.end();
    return writer.sawUncommitted?.promise ?? Promise.resolve();
  }

  /**
   * One COMMIT for every change of the group (through its lock); then each writer learns how it went. When it
   * fails, the store is rolled back before any writer is answered. Resolves to the next group's lock when the
   * COMMIT took it (`lockNext`: writers are waiting).
   */
  private async commitGroup(
    store: Store,
    journal: WriteJournal,
    group: Writer[],
    lock: GroupLock,
    lockNext: boolean,
  ): Promise<GroupLock | undefined> {
    const wrote = group.filter((w) => w.committed);
    if (wrote.length === 0) {
      journal.keep();
      return undefined;
    }
    const takes = [...wrote.flatMap((w) => (w.take ? [w.take] : [])), this.options.durability.takeOwn(store)];
    let next: GroupLock | undefined;
    try {
      const refused = await this.options.durability.write(takes, async (batch) => {
        const committed = await lock.commit(batch, lockNext);
        next = committed.next;
        return committed;
      });
      journal.keep();
      const errors = new Map(refused.map((r) => [r.store, this.options.refused(r.store, r.retryAfterMs)]));
      for (const writer of wrote) {
        const created = writer.take?.taken.filter((t) => t.record) ?? [];
        const error = created.map((t) => errors.get(t.store)).find((e) => e !== undefined);
        if (error) writer.committed?.reject(error);
        else writer.committed?.resolve();
      }
    } catch (error) {
      journal.rollBack();
      for (const { store: created, record } of takes.flatMap((t) => t.taken)) {
        if (record) this.options.lost(created);
      }
      for (const writer of wrote) writer.committed?.reject(error);
      for (const writer of group) writer.sawUncommitted?.reject(error);
    }
    return next;
  }
}
