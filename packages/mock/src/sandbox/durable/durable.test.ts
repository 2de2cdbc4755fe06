import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DURABLE_MODES } from "../../test-support/durable-modes.js";
import { eventually, sandboxRequest } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../server.js";

const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;

const call = (sandbox: RunningSandbox, method: string, path: string, key: string, body?: unknown) =>
  sandboxRequest(sandbox.url, method, path, key, body);

/** Starts a bare metal creation with the default key; its answer lists the task. */
const createServer = (sandbox: RunningSandbox) =>
  call(sandbox, "POST", `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`, SANDBOX_API_KEY, {
    flavor: F.bareMetalFlavor,
    image_id: F.imageId,
    interfaces: [{ type: "external" }],
  });

interface Group {
  revision_number: number;
  tags_v2: { key: string; value: string }[];
}

describe.each(DURABLE_MODES)("durable state, $name", (mode) => {
  let store: Awaited<ReturnType<typeof mode.create>>;
  const start = (extra: SandboxOptions = {}) =>
    startSandbox({ ...store.options, validateResponses: true, taskDelayMs: 300, ...extra });
  beforeAll(async () => {
    store = await mode.create();
  });
  afterAll(async () => {
    await store.remove();
  });

  it("keeps every tenant's changes, tasks, clock, faults and overrides across a restart", async () => {
    const first = await start();
    const patched = await call(first, "PATCH", groupPath, SANDBOX_API_KEY, { tags: { durable: "yes" } });
    expect(patched.status).toBe(200);
    const created = await createServer(first);
    const taskId = (created.body.tasks as string[])[0] as string;
    const setting = await call(
      first,
      "POST",
      `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
      SANDBOX_API_KEY,
      { notification_type: "failed_login", email: "durable@example.com" },
    );
    expect(setting.status).toBe(201);
    const tenant = await call(first, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    const tenantKey = tenant.body.api_key as string;
    expect((await call(first, "PATCH", groupPath, tenantKey, { name: "tenant-group" })).status).toBe(200);
    expect((await call(first, "POST", "/__sandbox/clock", tenantKey, { mode: "manual" })).status).toBe(200);
    const fault = await call(first, "POST", "/__sandbox/faults", tenantKey, {
      operation_id: "getTask",
      kind: "status",
      status: 500,
      times: 2,
    });
    expect(fault.status).toBe(201);
    const override = await call(first, "POST", "/__sandbox/overrides", tenantKey, {
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    expect(override.status).toBe(201);
    await first.stop();

    const second = await start();
    try {
      const group = (await call(second, "GET", "/__sandbox/state", SANDBOX_API_KEY)).body
        .securityGroups as (Group & { id: string })[];
      const ours = group.find((g) => g.id === F.securityGroupId);
      expect(ours?.tags_v2).toContainEqual(expect.objectContaining({ key: "durable", value: "yes" }));
      expect(ours?.revision_number).toBe((patched.body as unknown as Group).revision_number);
      const settings = await call(
        second,
        "GET",
        `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
        SANDBOX_API_KEY,
      );
      expect(settings.body.results).toContainEqual(setting.body);
      // The task was stored running with its plan: it still finishes, with its server.
      const finished = await eventually(async () => {
        const task = await call(second, "GET", `/cloud/v1/tasks/${taskId}`, SANDBOX_API_KEY);
        return task.body.state === "FINISHED" ? task.body : undefined;
      });
      expect(finished.created_resources).toMatchObject({ instances: [expect.any(String)] });
      // The tenant, its group, its manual clock and its fault came back.
      const tenantState = await call(second, "GET", "/__sandbox/state", tenantKey);
      expect(tenantState.status).toBe(200);
      const tenantGroup = (tenantState.body.securityGroups as (Group & { id: string; name: string })[]).find(
        (g) => g.id === F.securityGroupId,
      );
      expect(tenantGroup?.name).toBe("tenant-group");
      expect((await call(second, "GET", "/__sandbox/clock", tenantKey)).body.mode).toBe("manual");
      const faults = (await call(second, "GET", "/__sandbox/faults", tenantKey)).body.results as {
        id: string;
      }[];
      expect(faults.map((f) => f.id)).toEqual([fault.body.id]);
      const overridden = await call(
        second,
        "GET",
        `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`,
        tenantKey,
      );
      expect(overridden.headers.get("x-sandbox-override")).toBe(override.body.id);
      // A new task after the restart gets a new id (the id generator's state was kept).
      const again = await createServer(second);
      expect((again.body.tasks as string[])[0]).not.toBe(taskId);
    } finally {
      await second.stop();
    }
  });

  it("keeps a reset: the fixtures come back after a restart", async () => {
    const first = await start();
    await call(first, "PATCH", groupPath, SANDBOX_API_KEY, { name: "renamed" });
    expect((await call(first, "POST", "/__sandbox/reset", SANDBOX_API_KEY)).status).toBe(200);
    await first.stop();
    const second = await start();
    try {
      const groups = (await call(second, "GET", "/__sandbox/state", SANDBOX_API_KEY)).body.securityGroups as {
        id: string;
        name: string;
        revision_number: number;
      }[];
      const group = groups.find((g) => g.id === F.securityGroupId);
      expect(group?.name).not.toBe("renamed");
      expect(group?.revision_number).toBe(
        first.state().securityGroups.find((g) => g.id === F.securityGroupId)?.revision_number,
      );
    } finally {
      await second.stop();
    }
  });
});
