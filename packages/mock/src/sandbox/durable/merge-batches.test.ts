import { describe, expect, it } from "vitest";
import type { CommitBatch, TenantChanges } from "./backend.js";
import { mergeBatches } from "./merge-batches.js";

const changes = (id: string, meta: string, rows: [string, string][], reset = false): TenantChanges => ({
  id,
  reset,
  meta,
  rows: rows.map(([rowId, json]) => ({ kind: "tasks", id: rowId, json })),
});
const batch = (tenants: TenantChanges[], evicted: string[] = []): CommitBatch => ({ tenants, evicted });

describe("mergeBatches", () => {
  it("keeps each tenant's last meta and each row's last value, in the order rows first appeared", () => {
    const merged = mergeBatches([
      batch([
        changes("t", "m1", [
          ["a", "1"],
          ["b", "1"],
        ]),
      ]),
      batch([changes("t", "m2", [["a", "2"]]), changes("u", "n1", [["c", "1"]])]),
    ]);
    expect(merged).toEqual(
      batch([
        changes("t", "m2", [
          ["a", "2"],
          ["b", "1"],
        ]),
        changes("u", "n1", [["c", "1"]]),
      ]),
    );
  });

  it("drops the rows taken before a reset, and keeps the reset", () => {
    const merged = mergeBatches([
      batch([changes("t", "m1", [["a", "1"]])]),
      batch([changes("t", "m2", [["b", "1"]], true)]),
    ]);
    expect(merged.tenants).toEqual([changes("t", "m2", [["b", "1"]], true)]);
  });

  it("keeps a new tenant's record, and forgets what was taken for a tenant evicted later", () => {
    const record = { keys: [{ api_key: "k" }], createdAtMs: 1 };
    const merged = mergeBatches([
      batch([{ ...changes("new", "m1", []), record }, changes("gone", "g1", [["a", "1"]])]),
      batch([changes("new", "m2", [["x", "1"]])], ["gone"]),
    ]);
    expect(merged).toEqual(batch([{ ...changes("new", "m2", [["x", "1"]]), record }], ["gone"]));
  });
});
