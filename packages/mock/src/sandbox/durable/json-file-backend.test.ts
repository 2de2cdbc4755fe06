import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sandboxRequest, sleep } from "../../test-support/sandbox.js";
import { specClient } from "../../test-support/spec-client.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { manyTags, ROOM_FOR_MANY_TAGS } from "../large-inputs.js";
import { startSandbox } from "../server.js";
import { DEFAULT_TENANT_ID } from "./backend.js";
import { JsonFileBackend } from "./json-file-backend.js";

/** The rows of one kind the file keeps for a tenant. */
function rowsIn(file: string, kind: string, tenant = DEFAULT_TENANT_ID): unknown[] {
  const saved = JSON.parse(readFileSync(file, "utf8"));
  const found = saved.tenants.find((t: { id: string }) => t.id === tenant);
  return (found?.rows ?? [])
    .filter((r: { kind: string }) => r.kind === kind)
    .map((r: { value: unknown }) => r.value);
}

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

  it("writes the file at start when it does not exist yet, and leaves no temporary files", async () => {
    const file = join(dir, "fresh.json");
    const sandbox = await startSandbox({ stateFile: file });
    await sandbox.stop();
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ version: 2 });
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("stores a reset too: the earlier rows go", async () => {
    const file = join(dir, "reset.json");
    const sandbox = await startSandbox({ stateFile: file });
    const api = specClient(sandbox.url);
    await api.call("updateSecurityGroup", {
      params: { project_id: 1, region_id: 1, group_id: F.securityGroupId },
      body: { name: "before-reset" },
    });
    await fetch(`${sandbox.url}/__sandbox/reset`, {
      method: "POST",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
    });
    await sandbox.stop();
    expect(rowsIn(file, "securityGroups")).toEqual([]);
    const again = await startSandbox({ stateFile: file });
    try {
      expect(again.state().securityGroups[0]?.name).toBe("web-servers");
    } finally {
      await again.stop();
    }
  });

  it("keeps tenants and their keys across a restart", async () => {
    const file = join(dir, "tenants.json");
    const first = await startSandbox({ stateFile: file });
    const created = await fetch(`${first.url}/__sandbox/tenants`, {
      method: "POST",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
    });
    expect(created.status).toBe(201);
    const { api_key: key } = (await created.json()) as { api_key: string };
    const added = await specClient(first.url).call("addResellerNotificationSetting", {
      key,
      params: { resellerId: F.resellerId },
      body: { notification_type: "failed_login", email: "tenant@acme.example" },
    });
    await first.stop();
    const second = await startSandbox({ stateFile: file });
    try {
      const list = await specClient(second.url).call("listResellerNotificationSettings", {
        key,
        params: { resellerId: F.resellerId },
      });
      expect(list.body.results).toContainEqual(added.body);
      // The default world never saw the tenant's change.
      const own = await specClient(second.url).call("listResellerNotificationSettings", {
        params: { resellerId: F.resellerId },
      });
      expect(own.body.results).not.toContainEqual(added.body);
    } finally {
      await second.stop();
    }
  });

  it("coalesces a burst of concurrent commits into few writes, the last state winning", async () => {
    const file = join(dir, "burst.json");
    const backend = new JsonFileBackend(file);
    expect(await backend.load()).toEqual([]);
    const commits: Promise<unknown>[] = [];
    for (let i = 0; i < 500; i++) {
      const committed = backend.commit({
        evicted: [],
        tenants: [
          {
            id: DEFAULT_TENANT_ID,
            reset: false,
            meta: JSON.stringify({ n: i }),
            rows: [
              {
                kind: "notificationSettings",
                id: String(i),
                json: JSON.stringify({ id: i, email: `u${i}@acme.example` }),
              },
            ],
          },
        ],
      });
      commits.push(committed);
    }
    await Promise.all(commits);
    expect(rowsIn(file, "notificationSettings")).toHaveLength(500);
    await backend.close();
    expect(JSON.parse(readFileSync(file, "utf8")).tenants[0].meta).toEqual({ n: 499 });
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("reads a version 1 file (earlier releases) and writes it again as version 2", async () => {
    const file = join(dir, "version-1.json");
    const taskId = "00000000-0000-4000-8000-000000000001";
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        seed: 1,
        random: [1, 2, 3, 4],
        nextNotificationId: 500,
        taskPlans: {
          [taskId]: { finishAt: Date.now() + 60_000, outcome: { state: "ERROR", error: "planned" } },
        },
        state: {
          securityGroups: [],
          notificationSettings: [
            {
              id: 499,
              reseller: F.resellerId,
              notification_type: "failed_login",
              email: "old@acme.example",
              enabled: true,
            },
          ],
          tasks: [
            {
              id: taskId,
              state: "RUNNING",
              task_type: "create_bm",
              project_id: 1,
              region_id: 1,
              created_on: new Date().toISOString(),
              user_id: F.userId,
            },
          ],
        },
      }),
    );
    const sandbox = await startSandbox({ stateFile: file });
    try {
      const api = specClient(sandbox.url);
      const list = await api.call("listResellerNotificationSettings", {
        params: { resellerId: F.resellerId },
      });
      expect(list.body.results.map((s: { email: string }) => s.email)).toContain("old@acme.example");
      const next = await api.call("addResellerNotificationSetting", {
        params: { resellerId: F.resellerId },
        body: { notification_type: "failed_login", email: "new@acme.example" },
      });
      expect(next.body.id).toBe(500);
      const task = await api.call("getTask", { params: { task_id: taskId } });
      expect(task.body.state).toBe("RUNNING");
    } finally {
      await sandbox.stop();
    }
    expect(JSON.parse(readFileSync(file, "utf8")).version).toBe(2);
    expect(rowsIn(file, "tasks")).toContainEqual(
      expect.objectContaining({ plan: expect.objectContaining({ finishAt: expect.any(Number) }) }),
    );
  });

  it.each([
    ["by its name, as earlier versions stored it", { nextNotificationId: 700 }, 700],
    ["from its start value when the meta lacks it", {}, 100],
  ])("reads a tenant's notification-setting counter %s", async (_, counter, expectedId) => {
    const file = join(dir, `meta-counter-${expectedId}.json`);
    const meta = {
      random: [5, 6, 7, 8],
      clock: { mode: "real", offsetMs: 0, manualNowMs: 0 },
      faults: [],
      ...counter,
    };
    writeFileSync(file, JSON.stringify({ version: 2, tenants: [{ id: DEFAULT_TENANT_ID, meta, rows: [] }] }));
    const sandbox = await startSandbox({ stateFile: file });
    try {
      const added = await specClient(sandbox.url).call("addResellerNotificationSetting", {
        params: { resellerId: F.resellerId },
        body: { notification_type: "failed_login", email: "counter@acme.example" },
      });
      expect(added.body.id).toBe(expectedId);
    } finally {
      await sandbox.stop();
    }
    const saved = JSON.parse(readFileSync(file, "utf8")).tenants[0].meta;
    expect(saved.nextNotificationId).toBe(expectedId + 1);
  });

  it("refuses to start on a state file it cannot read", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, "{ not json");
    await expect(startSandbox({ stateFile: file })).rejects.toThrow(`The state file ${file} is not JSON`);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
    writeFileSync(file, JSON.stringify({ version: 9 }));
    await expect(startSandbox({ stateFile: file })).rejects.toThrow(
      "has version 9; this sandbox reads 1 and 2",
    );
  });
});

const settingsPath = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const addSetting = (url: string, email: string, key = SANDBOX_API_KEY) =>
  sandboxRequest(url, "POST", settingsPath, key, { notification_type: "failed_login", email });
/** The e-mails of the settings the file keeps for a tenant. */
const emailsIn = (file: string, tenant = DEFAULT_TENANT_ID) =>
  (rowsIn(file, "notificationSettings", tenant) as { email: string }[]).map((s) => s.email);
/** The ids of the tenants the file keeps, with their keys. */
const tenantsIn = (file: string): { id: string; keys: string[] }[] =>
  JSON.parse(readFileSync(file, "utf8")).tenants.map(
    (t: { id: string; record?: { keys: { api_key: string }[] } }) => ({
      id: t.id,
      keys: (t.record?.keys ?? []).map((k) => k.api_key),
    }),
  );

describe("--state-file under faults, through HTTP", () => {
  it("its folder goes away mid-run: writes answer 503 with Retry-After and change nothing, reads go on; once it is back, everything acknowledged is written", async () => {
    const folder = join(dir, "goes-away");
    mkdirSync(folder);
    const file = join(folder, "state.json");
    const sandbox = await startSandbox({ stateFile: file });
    let stopped = false;
    try {
      expect((await addSetting(sandbox.url, "before@example.com")).status).toBe(201);
      rmSync(folder, { recursive: true, force: true });
      // Its writes fail now (no folder for the temporary file): each is answered 503 and rolled back.
      const refused = await addSetting(sandbox.url, "while-gone@example.com");
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      const listed = await sandboxRequest(sandbox.url, "GET", settingsPath, SANDBOX_API_KEY);
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).not.toContain("while-gone@example.com");
      mkdirSync(folder);
      expect((await addSetting(sandbox.url, "after@example.com")).status).toBe(201);
      // Acknowledged means written: the file holds it before the stop.
      expect(emailsIn(file)).toEqual(expect.arrayContaining(["before@example.com", "after@example.com"]));
      await sandbox.stop();
      stopped = true;
      expect(emailsIn(file)).not.toContain("while-gone@example.com");
      expect(readdirSync(folder).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    } finally {
      if (!stopped) await sandbox.stop().catch(() => undefined);
    }
  });

  it("still gone when the sandbox stops: the write is refused, and the stop rejects with the write's error instead of claiming it saved", async () => {
    const folder = join(dir, "gone-at-stop");
    mkdirSync(folder);
    const sandbox = await startSandbox({ stateFile: join(folder, "state.json") });
    rmSync(folder, { recursive: true, force: true });
    expect((await addSetting(sandbox.url, "lost@example.com")).status).toBe(503);
    await expect(sandbox.stop()).rejects.toThrow(/ENOENT/);
  });

  it("a 60,000-key tags PATCH is written and read back whole", async () => {
    const file = join(dir, "huge.json");
    const first = await startSandbox({ stateFile: file, maxTagsPerGroup: ROOM_FOR_MANY_TAGS });
    const answer = await sandboxRequest(first.url, "PATCH", groupPath, SANDBOX_API_KEY, {
      tags: manyTags(60_000),
    });
    expect(answer.status).toBe(200);
    await first.stop();
    const second = await startSandbox({ stateFile: file, maxTagsPerGroup: ROOM_FOR_MANY_TAGS });
    try {
      const group = second.state().securityGroups.find((g) => g.id === F.securityGroupId);
      expect(group?.tags_v2.filter((t) => /^t\d+$/.test(t.key))).toHaveLength(60_000);
      expect(group?.revision_number).toBe(answer.body.revision_number);
    } finally {
      await second.stop();
    }
  });

  it("a client that leaves mid-body writes nothing; the sandbox serves on", async () => {
    const file = join(dir, "aborted.json");
    const sandbox = await startSandbox({ stateFile: file });
    try {
      const { hostname, port } = new URL(sandbox.url);
      const socket = connect(Number(port), hostname);
      socket.on("error", () => undefined);
      await new Promise((resolve) => socket.once("connect", resolve));
      const body = JSON.stringify({ name: "never-stored" });
      socket.write(
        `PATCH ${groupPath} HTTP/1.1\r\nHost: x\r\nAuthorization: apikey ${SANDBOX_API_KEY}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await sleep(50);
      socket.destroy();
      await sleep(50);
      expect((await addSetting(sandbox.url, "served-on@example.com")).status).toBe(201);
    } finally {
      await sandbox.stop();
    }
    expect(readFileSync(file, "utf8")).not.toContain("never-stored");
    expect(emailsIn(file)).toContain("served-on@example.com");
  });

  it("an evicted tenant leaves the file with its rows; after a restart its key is refused and the other tenant's works", async () => {
    const file = join(dir, "evicted.json");
    // The tenants' idle time runs on a clock the test moves, so that a slow machine cannot make `kept` idle too.
    let wall = Date.now();
    const first = await startSandbox({ stateFile: file, tenantIdleMs: 50, now: () => wall });
    const made = async (url: string) =>
      (await sandboxRequest(url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY)).body.api_key as string;
    const gone = await made(first.url);
    expect((await addSetting(first.url, "gone@example.com", gone)).status).toBe(201);
    wall += 120;
    // A creation evicts the tenant idle for longer than --tenant-idle.
    const kept = await made(first.url);
    expect((await addSetting(first.url, "kept@example.com", kept)).status).toBe(201);
    await first.stop();
    const stored = tenantsIn(file);
    expect(stored.some((t) => t.keys.includes(gone))).toBe(false);
    const keptId = stored.find((t) => t.keys.includes(kept))?.id as string;
    expect(emailsIn(file, keptId)).toContain("kept@example.com");
    expect(readFileSync(file, "utf8")).not.toContain("gone@example.com");
    const second = await startSandbox({ stateFile: file, tenantIdleMs: 60_000 });
    try {
      expect((await sandboxRequest(second.url, "GET", settingsPath, gone)).status).toBe(401);
      const list = await sandboxRequest(second.url, "GET", settingsPath, kept);
      expect(list.status).toBe(200);
      expect((list.body.results as { email: string }[]).map((s) => s.email)).toContain("kept@example.com");
    } finally {
      await second.stop();
    }
  });
});
