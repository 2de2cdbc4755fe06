import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { specClient } from "../test-support/spec-client.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { StateFile } from "./persistence.js";
import { startSandbox } from "./server.js";
import { Store } from "./store.js";

const dir = mkdtempSync(join(tmpdir(), "cloud-mock-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("--state-file", () => {
  it("keeps changes across a restart, tasks and ids included", async () => {
    const file = join(dir, "restart.json");
    const first = await startSandbox({ stateFile: file, taskDelayMs: 60_000 });
    const api = specClient(first.url);
    await api.call("updateSecurityGroup", {
      params: { project_id: 1, region_id: 1, group_id: F.securityGroupId },
      body: { name: "persisted", tags: { kept: "yes" } },
    });
    const added = await api.call("addResellerNotificationSetting", {
      params: { resellerId: F.resellerId },
      body: { notification_type: "failed_login", email: "persist@acme.example" },
    });
    const created = await api.call("createBareMetalServers", {
      params: { project_id: 1, region_id: 1 },
      body: { flavor: F.bareMetalFlavor, image_id: F.imageId, interfaces: [{ type: "external" }] },
    });
    await first.stop();

    const second = await startSandbox({ stateFile: file, taskDelayMs: 60_000 });
    try {
      const again = specClient(second.url);
      const state = second.state();
      expect(state.securityGroups[0]).toMatchObject({ name: "persisted" });
      expect(state.securityGroups[0]?.tags_v2).toContainEqual({
        key: "kept",
        value: "yes",
        read_only: false,
      });
      const list = await again.call("listResellerNotificationSettings", {
        params: { resellerId: F.resellerId },
      });
      expect(list.body.results).toContainEqual(added.body);
      const task = await again.call("getTask", { params: { task_id: created.body.tasks[0] } });
      expect(task.body.state).toBe("RUNNING");
      // The id sequence continues instead of starting over.
      const next = await again.call("addResellerNotificationSetting", {
        params: { resellerId: F.resellerId },
        body: { notification_type: "failed_login", email: "next@acme.example" },
      });
      expect(next.body.id).toBe(added.body.id + 1);
    } finally {
      await second.stop();
    }
  });

  it("writes the seeded state when the file does not exist yet, and leaves no temporary files", async () => {
    const file = join(dir, "fresh.json");
    const sandbox = await startSandbox({ stateFile: file });
    await sandbox.stop();
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.version).toBe(1);
    expect(saved.state.streams.map((s: { id: number }) => s.id)).toContain(F.streamId);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("stores a reset too", async () => {
    const file = join(dir, "reset.json");
    const sandbox = await startSandbox({ stateFile: file });
    await fetch(`${sandbox.url}/__sandbox/reset`, {
      method: "POST",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
    });
    await sandbox.stop();
    expect(JSON.parse(readFileSync(file, "utf8")).state.securityGroups[0].name).toBe("web-servers");
  });

  it("coalesces a burst of changes into few writes, the last state winning", async () => {
    const file = join(dir, "burst.json");
    const store = new Store();
    const stateFile = new StateFile(file, store, 5);
    stateFile.watch();
    for (let i = 0; i < 500; i++) {
      store.addNotificationSetting(F.resellerId, {
        notification_type: "failed_login",
        email: `u${i}@acme.example`,
      });
      store.changed(); // what the request pipeline does after each successful write
    }
    await stateFile.flush();
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(
      saved.state.notificationSettings.filter((s: { email: string }) => s.email.startsWith("u")),
    ).toHaveLength(500);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses to start on a state file it cannot read", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, "{ not json");
    await expect(startSandbox({ stateFile: file })).rejects.toThrow();
  });
});
