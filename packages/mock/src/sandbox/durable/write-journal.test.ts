import { describe, expect, it } from "vitest";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { addNotificationSetting, notificationSettingsOf } from "../services/iam/notification-settings.js";
import { Store } from "../store.js";
import { ArmedRules } from "../tenants/armed-rules.js";
import { takeChanges } from "./store-changes.js";
import { WriteJournal } from "./write-journal.js";

/** A store on a clock the test moves, saving its tenant's armed rules in its meta. */
function storeAt(start = 1_000_000) {
  let now = start;
  const armed = new ArmedRules();
  const store = new Store({ taskDelayMs: 100, now: () => now, metaPart: armed });
  return { store, armed, advance: (ms: number) => (now += ms) };
}

const settingInput = (email: string) => ({ notification_type: "failed_login" as const, email });

describe("a write journal rolled back", () => {
  it("puts back what a group of writes changed, created or removed, and its ids, clock and faults", () => {
    const { store, armed } = storeAt();
    const before = structuredClone(store.snapshot());
    const metaBefore = store.meta();
    const journal = new WriteJournal(store);
    const group = store.entities.securityGroups.peek(F.securityGroupId);
    if (!group) throw new Error("no seeded group");
    store.entities.securityGroups.set(group.id, { ...group, name: "renamed" });
    addNotificationSetting(store, F.resellerId, settingInput("new@example.com"));
    store.parts.cloud.scheduler.start(
      { task_type: "create_bm", project_id: 1, region_id: 1 },
      { state: "ERROR", error: "x" },
    );
    const stream = store.entities.streams.get(F.streamId);
    if (stream) stream.push_url = "changed in place";
    armed.faults.push({
      id: "f",
      operation_id: "x",
      kind: "reset",
      times: 1,
      delay_ms: 0,
      probability: 1,
      seed: 1,
      matched: 0,
      spoiled: 0,
    });
    store.clock.setMode("manual");
    journal.rollBack();
    expect(store.snapshot()).toEqual(before);
    expect(store.meta()).toEqual(metaBefore);
    expect(armed.faults).toEqual([]);
    // The next setting gets the id the rolled-back one had: nothing of it is left.
    expect(addNotificationSetting(store, F.resellerId, settingInput("new@example.com"))?.id).toBe(
      metaBefore.nextNotificationId,
    );
  });

  it("puts back the entities a reset replaced, and a task completed meanwhile with its plan", () => {
    const { store, advance } = storeAt();
    const task = store.parts.cloud.scheduler.start(
      { task_type: "create_bm", project_id: 1, region_id: 1 },
      { state: "ERROR", error: "planned" },
    );
    takeChanges(store);
    const before = structuredClone(store.snapshot());
    const journal = new WriteJournal(store);
    expect(store.parts.cloud.scheduler.complete(task.id, { state: "ERROR", error: "now" })).toHaveProperty(
      "task",
    );
    store.reset();
    journal.rollBack();
    expect(store.snapshot()).toEqual(before);
    // The task still ends as planned, when planned.
    advance(150);
    expect(store.parts.cloud.scheduler.get(task.id)).toMatchObject({ state: "ERROR", error: "planned" });
    // The rollback undid the reset: the next commit does not drop the stored rows.
    expect(takeChanges(store).reset).toBe(false);
  });

  it("keeps what was committed: keep ends the journal, a later rollback changes nothing", () => {
    const { store } = storeAt();
    const journal = new WriteJournal(store);
    addNotificationSetting(store, F.resellerId, settingInput("kept@example.com"));
    journal.keep();
    journal.rollBack();
    expect(notificationSettingsOf(store, F.resellerId).map((s) => s.email)).toContain("kept@example.com");
  });
});
