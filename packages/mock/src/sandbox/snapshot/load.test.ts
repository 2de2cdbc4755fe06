// Loading a snapshot into a store: what the next commit takes (every row of the world, the rows stored before
// dropped, the meta saying no fixture lies under them), and a failed commit's rollback putting the old world back.
import { describe, expect, it } from "vitest";
import { takeChanges } from "../durable/store-changes.js";
import { WriteJournal } from "../durable/write-journal.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { Store } from "../store.js";
import { ArmedRules } from "../tenants/armed-rules.js";
import { loadSnapshot } from "./load.js";
import { takeSnapshot } from "./take.js";

/** A snapshot of a store whose only security group is renamed and whose tasks are gone. */
function otherWorld() {
  const source = new Store({ now: () => 2_000_000 });
  source.clock.setMode("manual");
  const group = source.entities.securityGroups.get(F.securityGroupId);
  if (group) group.name = "loaded";
  const snapshot = takeSnapshot(source, new ArmedRules());
  return { ...snapshot, entities: { ...snapshot.entities, tasks: [] } };
}

describe("loading a snapshot into a store", () => {
  it("hands the next commit every row of the world, a reset, and meta without fixtures", () => {
    const store = new Store();
    takeChanges(store);
    loadSnapshot(store, otherWorld());
    const changes = takeChanges(store);
    expect(changes.reset).toBe(true);
    expect(changes.meta.fixtures).toBe(false);
    expect(changes.rows.filter((row) => row.kind === "tasks")).toEqual([]);
    expect(changes.rows.find((row) => row.kind === "securityGroups")?.value).toMatchObject({
      name: "loaded",
    });
    // What a backend gives back at start makes the same world: no fixture comes back under the rows.
    const reloaded = new Store();
    reloaded.applyRows(changes.meta, changes.rows);
    expect(reloaded.snapshot()).toEqual(store.snapshot());
    expect(reloaded.snapshot().tasks).toEqual([]);
  });

  it("is rolled back whole when its commit fails: entities, clock, counters and fixtures as they were", () => {
    const store = new Store({ now: () => 1_000_000 });
    const group = store.entities.securityGroups.get(F.securityGroupId);
    if (group) group.name = "before";
    takeChanges(store);
    const before = structuredClone(store.snapshot());
    const metaBefore = store.meta();
    const journal = new WriteJournal(store);
    loadSnapshot(store, otherWorld());
    expect(store.snapshot().securityGroups[0]?.name).toBe("loaded");
    journal.rollBack();
    expect(store.snapshot()).toEqual(before);
    expect(store.meta()).toEqual(metaBefore);
  });
});
