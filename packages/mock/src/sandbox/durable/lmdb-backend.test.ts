import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { settingBatch } from "../../test-support/commit-batch.js";
import { LmdbBackend } from "./lmdb-backend.js";

const root = mkdtempSync(join(tmpdir(), "lmdb-backend-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("LmdbBackend", () => {
  it("commits the changes of several tenants made together in one transaction, each kept across a reopen", async () => {
    const dir = join(root, "together");
    const first = LmdbBackend.open(dir);
    await first.load();
    const before = first.committedTransactions;
    const tenants = Array.from({ length: 10 }, (_, i) => `t${i}`);
    await Promise.all(tenants.map((tenant, n) => first.commit(settingBatch(tenant, n))));
    expect(first.committedTransactions - before).toBe(1);
    await first.commit(settingBatch("t0", 10));
    expect(first.committedTransactions - before).toBe(2);
    await first.close();

    const second = LmdbBackend.open(dir);
    const loaded = await second.load();
    await second.close();
    expect(loaded.map((t) => t.id).sort()).toEqual(tenants);
    expect(loaded.find((t) => t.id === "t0")?.rows).toHaveLength(2);
  });
});
