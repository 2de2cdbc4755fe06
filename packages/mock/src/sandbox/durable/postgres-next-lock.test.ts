// A write group's COMMIT asked to take the tenant's row again (writers wait for the next group), on a real
// PostgreSQL: the lock comes back with the COMMIT's answer, the next group commits through it, every row is
// stored and no transaction stays open; asked not to, the COMMIT gives its connection back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingBatch } from "../../test-support/commit-batch.js";
import { startPostgres, type ThrowawayPostgres, transactionsLeftOpen } from "../../test-support/postgres.js";
import { PostgresBackend } from "./postgres-backend.js";

let postgres: ThrowawayPostgres;
let backend: PostgresBackend;
beforeAll(async () => {
  postgres = await startPostgres();
  backend = new PostgresBackend(postgres.url);
  await backend.load();
});
afterAll(async () => {
  await backend?.close();
  await postgres?.stop();
});

describe("PostgresBackend: the next group's lock taken with a COMMIT", () => {
  it("comes back held, with nothing to catch up; the next group commits through it alone", async () => {
    await backend.ensureTenant("t1", JSON.stringify({ n: 0 }));
    const before = backend.committedTransactions;
    const first = await backend.lock("t1", 0);
    if (!first) throw new Error("tenant t1 is not stored");
    const committed = await first.lock.commit(settingBatch("t1", 1), true);
    const { next } = committed;
    if (!next) throw new Error("the COMMIT did not take the next lock");
    expect(next.delta).toEqual({ gone: false, rows: [], version: first.lock.committedVersion });
    // Held: its transaction is open until the next group commits through it.
    expect(await transactionsLeftOpen(postgres.url)).toBe(1);
    const last = await next.lock.commit(settingBatch("t1", 2), false);
    expect(last.next).toBeUndefined();
    expect(await transactionsLeftOpen(postgres.url)).toBe(0);
    expect(backend.committedTransactions - before).toBe(2);
    const stored = await backend.delta("t1", 0);
    expect(stored.rows.map((r) => r.value)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(stored.meta?.value).toEqual({ n: 2 });
  });

  it("a lock taken with a COMMIT and then not used is rolled back and its connection given back", async () => {
    await backend.ensureTenant("t2", JSON.stringify({ n: 0 }));
    const first = await backend.lock("t2", 0);
    if (!first) throw new Error("tenant t2 is not stored");
    const { next } = await first.lock.commit(settingBatch("t2", 1), true);
    if (!next) throw new Error("the COMMIT did not take the next lock");
    await next.lock.release();
    expect(await transactionsLeftOpen(postgres.url)).toBe(0);
    // The row is free again: a lock of its own is taken at once, and sees the committed row.
    const again = await backend.lock("t2", 0);
    if (!again) throw new Error("tenant t2 is gone");
    expect(again.delta.rows.map((r) => r.value)).toEqual([{ id: 1 }]);
    await again.lock.release();
  });
});
