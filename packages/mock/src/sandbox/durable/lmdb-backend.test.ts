import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CommitBatch } from "./backend.js";
import { LmdbBackend } from "./lmdb-backend.js";

const root = mkdtempSync(join(tmpdir(), "lmdb-backend-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const setting = (tenant: string, n: number): CommitBatch => ({
  evicted: [],
  tenants: [
    {
      id: tenant,
      reset: false,
      meta: JSON.stringify({ n }),
      rows: [{ kind: "notificationSettings", id: String(n), json: JSON.stringify({ id: n }) }],
    },
  ],
});

describe("LmdbBackend", () => {
  it("commits the changes of several tenants made together in one transaction, each kept across a reopen", async () => {
    const dir = join(root, "together");
    const first = LmdbBackend.open(dir);
    await first.load();
    const before = first.committedTransactions;
    const tenants = Array.from({ length: 10 }, (_, i) => `t${i}`);
    await Promise.all(tenants.map((tenant, n) => first.commit(setting(tenant, n))));
    expect(first.committedTransactions - before).toBe(1);
    await first.commit(setting("t0", 10));
    expect(first.committedTransactions - before).toBe(2);
    await first.close();

    const second = LmdbBackend.open(dir);
    const loaded = await second.load();
    await second.close();
    expect(loaded.map((t) => t.id).sort()).toEqual(tenants);
    expect(loaded.find((t) => t.id === "t0")?.rows).toHaveLength(2);
  });
});
