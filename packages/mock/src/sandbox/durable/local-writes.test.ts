// The writes of a backend this process alone holds, on a real store and a backend whose COMMITs the test lets
// through one by one: the next group runs while a COMMIT is on the disk, its own COMMIT follows that one, a
// failure undoes both groups, and a read waits for a state with nothing uncommitted before any later writer.
import { describe, expect, it } from "vitest";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { addNotificationSetting, notificationSettingsOf } from "../services/iam/notification-settings.js";
import { Store } from "../store.js";
import type { CommitBatch, StateBackend } from "./backend.js";
import { Durability } from "./durability.js";
import { localWrites } from "./local-writes.js";

/** A backend whose commits each wait until the test ends them (`pass` or `fail`), in the order made. */
function gatedBackend() {
  const made: { batch: CommitBatch; pass(): void; fail(error: Error): void }[] = [];
  const waiters: (() => void)[] = [];
  const backend: StateBackend = {
    name: "gated",
    load: async () => [],
    commit: (batch) =>
      new Promise((resolve, reject) => {
        made.push({ batch, pass: () => resolve({ refused: [] }), fail: reject });
        for (const wake of waiters.splice(0)) wake();
      }),
    close: async () => {},
  };
  /** The `n`th commit made (from 1), once it is. */
  const commit = async (n: number) => {
    while (made.length < n) await new Promise<void>((wake) => waiters.push(wake));
    return made[n - 1] as (typeof made)[number];
  };
  return { backend, made, commit };
}

function open() {
  const gated = gatedBackend();
  const store = new Store({ taskDelayMs: 100, now: () => 1_000_000 });
  const durability = new Durability(gated.backend);
  durability.attach(store, "tenant");
  const writes = localWrites(durability, {
    refused: () => new Error("refused"),
    lost: () => undefined,
  });
  const call = (writes: boolean) => ({ writes, closed: () => false });
  /** A write call: waits for its turn, adds a setting for `email`, ends its turn; resolves once it is committed. */
  const write = async (email: string) => {
    const end = await writes.prepare(store, call(true));
    addNotificationSetting(store, F.resellerId, { notification_type: "failed_login", email });
    const committed = writes.commit(store);
    await end();
    return committed;
  };
  const emails = () => notificationSettingsOf(store, F.resellerId).map((s) => s.email);
  const emailsIn = (batch: CommitBatch) =>
    batch.tenants.flatMap((t) => t.rows.map((r) => JSON.parse(r.json).email).filter(Boolean));
  return { ...gated, store, writes, call, write, emails, emailsIn };
}

/** Settles `promise` into what it did, so that a test can look at it before and after. */
function watch<T>(promise: Promise<T>) {
  const seen: { done: boolean; error?: unknown } = { done: false };
  promise.then(
    () => {
      seen.done = true;
    },
    (error: unknown) => {
      seen.done = true;
      seen.error = error;
    },
  );
  return seen;
}

/** Gives the event loop back until `done()` holds (a write's turn comes within a few turns). */
async function turnsUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe("writes to a backend this process alone holds", () => {
  it("run the next group while a COMMIT is held, and make its COMMIT once that one holds", async () => {
    const s = open();
    const a = watch(s.write("a@example.com"));
    const first = await s.commit(1);
    // A's COMMIT is held: B still gets its turn and writes on top of A's change.
    const b = s.write("b@example.com");
    await turnsUntil(() => s.emails().includes("b@example.com"));
    expect(s.made).toHaveLength(1);
    expect(s.emailsIn(first.batch)).toEqual(["a@example.com"]);
    expect(a.done).toBe(false);
    first.pass();
    const second = await s.commit(2);
    expect(s.emailsIn(second.batch)).toEqual(["b@example.com"]);
    second.pass();
    await b;
    expect(a).toEqual({ done: true });
  });

  it("undo both groups when the first COMMIT fails: neither change stays, the second never reaches the backend", async () => {
    const s = open();
    const before = s.emails();
    const a = s.write("a@example.com");
    const first = await s.commit(1);
    const b = s.write("b@example.com");
    // B's turn has come and gone (its change is in the store) while A's COMMIT is held.
    await turnsUntil(() => s.emails().includes("b@example.com"));
    first.fail(new Error("ENOSPC: no space left on device"));
    await expect(a).rejects.toThrow(/no space left/);
    await expect(b).rejects.toThrow(/no space left/);
    expect(s.made).toHaveLength(1);
    expect(s.emails()).toEqual(before);
    // The next write commits its own change alone.
    const c = s.write("c@example.com");
    const third = await s.commit(2);
    expect(s.emailsIn(third.batch)).toEqual(["c@example.com"]);
    third.pass();
    await c;
    expect(s.emails()).toEqual([...before, "c@example.com"]);
  });

  it("let a read go on once nothing is uncommitted, before any writer that came after it", async () => {
    const s = open();
    const a = s.write("a@example.com");
    const first = await s.commit(1);
    const b = s.write("b@example.com");
    await turnsUntil(() => s.emails().includes("b@example.com"));
    // A read and then a writer arrive while A's COMMIT is held and B's change is not committed.
    const seenByRead: string[][] = [];
    const read = s.writes.prepare(s.store, s.call(false)).then(() => seenByRead.push(s.emails()));
    const d = s.write("d@example.com");
    first.pass();
    const second = await s.commit(2);
    expect(seenByRead).toEqual([]);
    second.pass();
    await Promise.all([a, b, read]);
    // The read saw A and B, both committed, and not D, which began after it.
    expect(seenByRead[0]).toEqual(expect.arrayContaining(["a@example.com", "b@example.com"]));
    expect(seenByRead[0]).not.toContain("d@example.com");
    (await s.commit(3)).pass();
    await d;
  });
});
