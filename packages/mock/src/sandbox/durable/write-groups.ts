import { nextTurn } from "../http/turns.js";
import type { Store } from "../store.js";
import type { CommitBatch, CommitOutcome } from "./backend.js";
import type { Durability, TakenChanges } from "./durability.js";
import { WriteJournal } from "./write-journal.js";

/** A tenant's lock across replicas, held by a group while its writers run and until its COMMIT. */
export interface GroupLock {
  /** Writes a batch in the locked transaction and commits it. */
  commit(batch: CommitBatch): Promise<CommitOutcome>;
  /** Rolls back what was not committed and gives the connection back; safe to call twice. */
  release(): Promise<void>;
}

export interface WriteGroupsOptions {
  durability: Durability;
  /**
   * Takes the tenant's lock and brings its store up to date under it; undefined when the tenant is gone. With
   * `after` (the lock asked for while the group before it commits), the store is brought up to date only once
   * `after` resolves: that group's COMMIT has ended and what failed of it is undone.
   */
  lock(store: Store, after?: Promise<void>): Promise<GroupLock | undefined>;
  /** A new tenant the store refused: forgotten here; returns the error its creator answers (a 429). */
  refused(store: Store, retryAfterMs: number): Error;
  /** A new tenant whose creation was not committed: its creator answers 503, and it is forgotten here. */
  lost(store: Store): void;
  /**
   * The lock is free and the backend commits in the order commits are made (a backend this process alone
   * holds): the next group's writers run while a group's COMMIT is on the disk, and that group's COMMIT is made
   * once the one before it holds. Not for a lock held across processes, which only a COMMIT releases.
   */
  overlap?: boolean;
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
   * Set when the writer's turn ended without a change of its own while earlier writers had changed the store
   * without a COMMIT yet: its answer was made from those changes, so it stands or falls with their COMMIT.
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
 * A tenant's writers in this process: those waiting for their turn, the one whose turn it is, and, while the
 * store holds changes not committed, the end of their COMMIT (reads wait for it).
 */
interface TenantWriters {
  waiting: Writer[];
  current: Writer | undefined;
  uncommitted: Settle<void> | undefined;
  /** A read waits for `uncommitted`: no writer begins before the store holds nothing uncommitted. */
  drain: boolean;
  /** Wakes a group waiting for a writer or for the COMMIT before it. */
  wake: (() => void) | undefined;
  /** The next group's lock, asked for while the group before it commits (without `overlap`). */
  nextLock: Promise<GroupLock | undefined> | undefined;
}

/** A group whose COMMIT was made. */
interface Committing {
  /** Undefined once it holds (its writers are answered); else why it failed (the group is not undone yet). */
  done: Promise<{ error: unknown } | undefined>;
  /** Rolls the failed group back and fails its writers with `error` (after any later group was undone). */
  undo(error: unknown): void;
  /** Set once something waits for the COMMIT's end and the undoing of a failure (see `settled`). */
  settling?: Promise<void>;
}

const nothingToEnd = async () => undefined;

/**
 * Group commit of a tenant's writers. The writers of one tenant that arrive while a group holds its lock wait
 * together; then one lock is taken for all of them, each runs in its turn on the in-memory store (seeing what
 * the previous one left; its answer is made from the state as its own write left it), one COMMIT holds every
 * change, and only then do their answers go. With `overlap`, the next group runs its writers while that COMMIT
 * is on the disk (taking in those that arrive until it ends), then makes its own. When a COMMIT fails, every
 * writer of its group, and of the group that ran after it, fails with it, and the store is rolled back to what
 * it was before the group: a 503 means that nothing changed. Reads of the tenant wait while the store holds
 * changes not committed (no writer begins meanwhile), so they never show a change that may yet be rolled back.
 * A writer whose client left before its turn is skipped without waiting for it.
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
    if (writers) {
      writers.waiting.push(writer);
      writers.wake?.();
    } else {
      const first: TenantWriters = {
        waiting: [writer],
        current: undefined,
        uncommitted: undefined,
        drain: false,
        wake: undefined,
        nextLock: undefined,
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
    writer.end(this.options.durability.takeOwn(store));
    return writer.committed.promise;
  }

  /**
   * Resolves once the store holds no change that is not committed (at once when it holds none): a read waits
   * for it, so that it never shows a write whose COMMIT may still fail.
   */
  committed(store: Store): Promise<void> | undefined {
    const writers = this.tenants.get(store);
    if (!writers?.uncommitted) return undefined;
    writers.drain = true;
    writers.wake?.();
    return writers.uncommitted.promise;
  }

  /** Runs the store's groups while writers wait or a COMMIT runs. */
  private async run(store: Store, writers: TenantWriters): Promise<void> {
    let committing: Committing | undefined;
    try {
      while (writers.waiting.length > 0 || committing) {
        if (committing && (writers.drain || !this.options.overlap)) {
          await this.settled(committing);
          committing = undefined;
        } else {
          committing = await this.runGroup(store, writers, committing);
          // A COMMIT just made begins on the disk at the next turn of the event loop (LMDB's write thread, the
          // file's write), and the calls that came meanwhile are read then: both before the next group runs.
          if (committing && this.options.overlap) await nextTurn();
        }
        if (!committing) await this.nothingUncommitted(writers);
      }
    } catch (error) {
      // Nothing on the way is meant to throw; if something does, the writers still waiting fail with it
      // rather than wait for ever (and the process does not die of an unhandled rejection).
      for (const writer of writers.waiting.splice(0)) writer.turn.reject(error);
    } finally {
      this.tenants.delete(store);
      writers.uncommitted?.resolve();
      // A lock taken for writers that never came to it (they failed with the loop) is given back.
      void writers.nextLock?.then((lock) => lock?.release()).catch(() => undefined);
    }
  }

  /** Waits for a COMMIT; when it failed, its group is undone (once, whoever asks). */
  private settled(committing: Committing): Promise<void> {
    committing.settling ??= committing.done.then((failure) => {
      if (failure) committing.undo(failure.error);
    });
    return committing.settling;
  }

  /**
   * The store holds nothing uncommitted: the reads waiting go on. When one waited, the next writer begins only
   * after a turn of the event loop, so that those reads run on the state that holds.
   */
  private async nothingUncommitted(writers: TenantWriters): Promise<void> {
    writers.uncommitted?.resolve();
    writers.uncommitted = undefined;
    if (!writers.drain) return;
    writers.drain = false;
    await nextTurn();
  }

  /**
   * Runs a group's writers and makes its COMMIT (after `before`'s, which it waits for). Undefined when nothing
   * was committed (no writer, the tenant gone, or `before` failed: then both groups are undone).
   */
  private async runGroup(
    store: Store,
    writers: TenantWriters,
    before: Committing | undefined,
  ): Promise<Committing | undefined> {
    let lock: GroupLock | undefined;
    try {
      const asked = writers.nextLock;
      writers.nextLock = undefined;
      lock = await (asked ?? this.options.lock(store));
    } catch (error) {
      if (before) await this.settled(before);
      for (const writer of writers.waiting.splice(0)) writer.turn.reject(error);
      return undefined;
    }
    if (!lock) {
      if (before) await this.settled(before);
      // The tenant is gone: each call fails as its tenant's calls do.
      for (const writer of writers.waiting.splice(0)) writer.turn.resolve(nothingToEnd);
      return undefined;
    }
    const prior: { settled: boolean; failure?: { error: unknown } } = { settled: before === undefined };
    void before?.done.then((failure) => {
      prior.settled = true;
      if (failure) prior.failure = failure;
      writers.wake?.();
    });
    const journal = new WriteJournal(store, () => {
      writers.uncommitted ??= settle();
    });
    const group: Writer[] = [];
    try {
      // Without overlap the group is the writers waiting now. With it, those who come until `before` holds, and
      // then those already waiting: the COMMIT is made at once, and later writers run while it is on the disk.
      const queue = this.options.overlap ? writers.waiting : writers.waiting.splice(0);
      let remaining = Number.POSITIVE_INFINITY;
      for (;;) {
        if (prior.settled && remaining === Number.POSITIVE_INFINITY) remaining = queue.length;
        const writer = remaining > 0 && !(writers.drain && this.options.overlap) ? queue.shift() : undefined;
        if (writer) {
          remaining--;
          if (writer.closed()) writer.turn.resolve(nothingToEnd);
          else {
            group.push(writer);
            await this.turn(writers, writer);
          }
        } else if (prior.settled) break;
        else await new Promise<void>((wake) => (writers.wake = wake));
        writers.wake = undefined;
      }
    } finally {
      writers.current = undefined;
      journal.seal();
    }
    if (before && prior.failure) {
      // This group ran on changes that are rolled back: it is undone first, then the group before it.
      const { error } = prior.failure;
      this.options.durability.giveBack(this.takesOf(group));
      this.undo(journal, group, error);
      before.undo(error);
      await lock.release();
      return undefined;
    }
    if (group.length === 0) {
      journal.keep();
      await lock.release();
      return undefined;
    }
    const committing = this.commitGroup(journal, group, lock);
    // Writers come while this COMMIT runs when several came for this group (the calls arriving during its turns
    // are read only after them): the next group's lock is asked for now, granted as the COMMIT ends.
    if (!this.options.overlap && (writers.waiting.length > 0 || group.length > 1)) {
      writers.nextLock = this.options.lock(store, this.settled(committing));
      // Rejected for the group that takes it; until then its rejection is not unhandled.
      writers.nextLock.catch(() => undefined);
    }
    return committing;
  }

  /** One writer's turn: it runs, and its turn ends when it committed or answered without a change. */
  private turn(writers: TenantWriters, writer: Writer): Promise<void> {
    writers.current = writer;
    return new Promise<void>((done) => {
      writer.end = (take) => {
        writer.end = undefined;
        if (take) writer.take = take;
        done();
      };
      writer.turn.resolve(() => this.endWithoutChange(writers, writer));
    });
  }

  /**
   * Ends a writer's turn when it changed nothing (a refusal, a 404). When earlier writers had changed the store
   * without a COMMIT yet, the answer it made may rest on them: it waits for the COMMIT of its group (made after
   * theirs) and fails with it, so that a refusal is never answered from a state that is then rolled back.
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

  private takesOf(group: Writer[]): TakenChanges[] {
    return group.flatMap((writer) => (writer.take && writer.committed ? [writer.take] : []));
  }

  /** A group's changes rolled back and its writers failed with `error` (nothing of it was committed). */
  private undo(journal: WriteJournal, group: Writer[], error: unknown): void {
    journal.rollBack();
    for (const { store: created, record } of this.takesOf(group).flatMap((t) => t.taken)) {
      if (record) this.options.lost(created);
    }
    for (const writer of group) {
      writer.committed?.reject(error);
      writer.sawUncommitted?.reject(error);
    }
  }

  /**
   * Makes one COMMIT for every change of the group (through its lock); once it holds, each writer learns how it
   * went. A failure is returned, not undone: a group that ran after it is undone first.
   */
  private commitGroup(journal: WriteJournal, group: Writer[], lock: GroupLock): Committing {
    const takes = this.takesOf(group);
    const done = (async () => {
      try {
        const refused =
          takes.length === 0 ? [] : await this.options.durability.write(takes, (batch) => lock.commit(batch));
        journal.keep();
        const errors = new Map(refused.map((r) => [r.store, this.options.refused(r.store, r.retryAfterMs)]));
        for (const writer of group) {
          const created = writer.take?.taken.filter((t) => t.record) ?? [];
          const error = created.map((t) => errors.get(t.store)).find((e) => e !== undefined);
          if (error) writer.committed?.reject(error);
          else writer.committed?.resolve();
          writer.sawUncommitted?.resolve();
        }
        return undefined;
      } catch (error) {
        return { error };
      } finally {
        await lock.release();
      }
    })();
    return { done, undo: (error) => this.undo(journal, group, error) };
  }
}
