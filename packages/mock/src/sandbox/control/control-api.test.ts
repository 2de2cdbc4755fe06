// The control API through HTTP: tenants, reset and state, the clock, task completion and faults, with every
// refusal. The sandbox checks its own answers against control/openapi.yaml (validateResponses), so a body
// that breaks that file fails here as a 500.
import { describe, expect, it } from "vitest";
import {
  connectSandbox,
  SandboxControlError,
  type TenantControl,
} from "../../control-client/sandbox-control.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { startSandbox } from "../server.js";

const TASK_DELAY_MS = 30;
const ctx = useSandbox({ taskDelayMs: TASK_DELAY_MS });
const control = () => connectSandbox(ctx.sandbox.url);
const P = `${F.projectId}/${F.regionId}`;

const call = (method: string, path: string, key: string | undefined, body?: unknown) =>
  sandboxRequest(ctx.sandbox.url, method, path, key, body);

const createServer = (key: string, flavor: string = F.bareMetalFlavor) =>
  call("POST", `/cloud/v1/bminstances/${P}`, key, {
    flavor,
    image_id: F.imageId,
    interfaces: [{ type: "external" }],
  });
const rename = (key: string, name: string) =>
  call("PATCH", `/cloud/v1/securitygroups/${P}/${F.securityGroupId}`, key, { name });
const groupName = async (t: TenantControl) => (await t.state()).securityGroups[0]?.name;
const refusal = (status: number) => expect.objectContaining({ status });

describe("POST /__sandbox/tenants", () => {
  it("answers a fresh unguessable key, scoped keys and the seeded ids", async () => {
    const info = await call("POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(info.status).toBe(201);
    expect(info.body.api_key).toMatch(/^sbx_[\w-]{32}$/);
    expect(info.body.scoped_api_keys).toEqual([
      { api_key: expect.stringMatching(/^sbx_/), projects: [F.otherProjectId] },
      { api_key: expect.stringMatching(/^sbx_/), resellers: [F.otherResellerId] },
    ]);
    expect(info.body.ids).toMatchObject({
      project_id: F.projectId,
      security_group_id: F.securityGroupId,
      stream_id: F.streamId,
      reseller_id: F.resellerId,
    });
    const again = await call("POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(again.body.api_key).not.toBe(info.body.api_key);
  });

  it("gives each tenant its own world: a change in one shows nowhere else", async () => {
    const [a, b] = [await control().tenant(), await control().tenant()];
    expect((await rename(a.key, "only-in-a")).status).toBe(200);
    expect(await groupName(a)).toBe("only-in-a");
    expect(await groupName(b)).toBe("web-servers");
    expect(await groupName(control().forKey(SANDBOX_API_KEY))).toBe("web-servers");
  });

  it("keeps the project and reseller scopes inside a tenant (403)", async () => {
    const t = await control().tenant();
    const [projectKey, resellerKey] = t.scopedKeys.map((k) => k.api_key) as [string, string];
    expect((await call("GET", `/cloud/v1/tasks/${P}/active`, projectKey)).status).toBe(403);
    expect((await call("GET", `/cloud/v1/tasks/${F.otherProjectId}/1/active`, projectKey)).status).toBe(200);
    const settings = (reseller: number) => `/iam/reselling/resellers/${reseller}/notification_settings`;
    expect((await call("GET", settings(F.resellerId), resellerKey)).status).toBe(403);
    expect((await call("GET", settings(F.otherResellerId), resellerKey)).status).toBe(200);
    expect((await call("GET", settings(F.resellerId), t.key)).status).toBe(200);
  });

  it("generates different ids in different tenants: another tenant's task is a 404", async () => {
    const [a, b] = [await control().tenant(), await control().tenant()];
    const [taskA] = (await createServer(a.key)).body.tasks;
    const [taskB] = (await createServer(b.key)).body.tasks;
    expect(taskA).not.toBe(taskB);
    expect((await call("GET", `/cloud/v1/tasks/${taskA}`, a.key)).status).toBe(200);
    expect((await call("GET", `/cloud/v1/tasks/${taskA}`, b.key)).status).toBe(404);
    await expect(b.tasks.complete(taskA, { state: "FINISHED" })).rejects.toEqual(refusal(404));
  });
});

describe("every control endpoint without a key, with a malformed header or an unknown key", () => {
  const ENDPOINTS: [string, string, unknown?][] = [
    ["POST", "/__sandbox/tenants"],
    ["POST", "/__sandbox/reset"],
    ["GET", "/__sandbox/state"],
    ["GET", "/__sandbox/clock"],
    ["POST", "/__sandbox/clock", { mode: "manual" }],
    ["POST", `/__sandbox/tasks/${F.runningTaskIds[0]}/complete`, { state: "FINISHED" }],
    ["GET", "/__sandbox/faults"],
    ["POST", "/__sandbox/faults", { operation_id: "getTask", kind: "reset" }],
    ["DELETE", "/__sandbox/faults"],
    ["GET", "/__sandbox/faults/x"],
    ["DELETE", "/__sandbox/faults/x"],
    ["GET", "/__sandbox/overrides"],
    ["POST", "/__sandbox/overrides", { operation_id: "getTask", status: 404 }],
    ["DELETE", "/__sandbox/overrides"],
    ["GET", "/__sandbox/overrides/x"],
    ["DELETE", "/__sandbox/overrides/x"],
  ];

  it.each(ENDPOINTS)("%s %s → 401 and changes nothing", async (method, path, body) => {
    for (const key of [undefined, "not-a-key"]) {
      const res = await call(method, path, key, body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ exception_class: "NotAuthenticated" });
    }
    const bearer = await fetch(`${ctx.sandbox.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${SANDBOX_API_KEY}` },
    });
    expect(bearer.status).toBe(401);
    expect(ctx.sandbox.state().tasks.find((t) => t.id === F.runningTaskIds[0])?.state).toBe("RUNNING");
  });
});

describe("POST /__sandbox/reset and GET /__sandbox/state", () => {
  it("resets the caller's tenant only: tenant B keeps its changes", async () => {
    const [a, b] = [await control().tenant(), await control().tenant()];
    await rename(a.key, "a-changed");
    await rename(b.key, "b-changed");
    await a.faults.add({ operation_id: "getTask", kind: "reset" });
    await a.overrides.add({ operation_id: "listActiveTasks", status: 200, body: { count: 0, results: [] } });
    await a.clock.manual();
    await a.reset();
    expect(await groupName(a)).toBe("web-servers");
    expect(await a.faults.list()).toEqual([]);
    expect(await a.overrides.list()).toEqual([]);
    expect((await a.clock.get()).mode).toBe("real");
    expect(await groupName(b)).toBe("b-changed");
    expect(ctx.sandbox.state().securityGroups[0]?.name).toBe("web-servers");
  });
});

describe("the clock", () => {
  it("in manual mode, tasks move only when the clock advances, and their times follow it", async () => {
    const t = await control().tenant();
    const frozen = await t.clock.manual();
    const [taskId] = (await createServer(t.key)).body.tasks;
    await new Promise((resolve) => setTimeout(resolve, TASK_DELAY_MS * 3));
    const running = await call("GET", `/cloud/v1/tasks/${taskId}`, t.key);
    expect(running.body.state).toBe("RUNNING");
    expect(running.body.created_on).toBe(frozen.now);
    await t.clock.advance(TASK_DELAY_MS - 1);
    expect((await call("GET", `/cloud/v1/tasks/${taskId}`, t.key)).body.state).toBe("RUNNING");
    await t.clock.advance(1);
    const done = await call("GET", `/cloud/v1/tasks/${taskId}`, t.key);
    expect(done.body.state).toBe("FINISHED");
    expect(Date.parse(done.body.finished_on) - Date.parse(frozen.now)).toBe(TASK_DELAY_MS);
  });

  it("moves every time the sandbox writes: a day's advance shows in updated_at", async () => {
    const t = await control().tenant();
    await t.clock.manual();
    const before = await t.clock.advance(24 * 3_600_000);
    const patched = await rename(t.key, "tomorrow");
    expect(patched.body.updated_at).toBe(before.now);
  });

  it("runs on from the manual time when switched back to real; mode and advance may come together", async () => {
    const t = await control().tenant();
    const start = await t.clock.manual();
    const both = await call("POST", "/__sandbox/clock", t.key, { mode: "real", advance_ms: 60_000 });
    expect(both.body.mode).toBe("real");
    const gap = Date.parse(both.body.now) - Date.parse(start.now);
    expect(gap).toBeGreaterThanOrEqual(60_000);
    expect(gap).toBeLessThan(65_000);
    expect((await t.clock.get()).mode).toBe("real");
  });

  it.each([
    [{}, "body"],
    [{ mode: "fast" }, "body.mode"],
    [{ advance_ms: 0 }, "body.advance_ms"],
    [{ advance_ms: -5 }, "body.advance_ms"],
    [{ advance_ms: "10" }, "body.advance_ms"],
    [{ advance_ms: 10, extra: 1 }, "body.extra"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const res = await call("POST", "/__sandbox/clock", SANDBOX_API_KEY, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const res = await fetch(`${ctx.sandbox.url}/__sandbox/clock`, {
      method: "POST",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" },
      body: "{",
    });
    expect(res.status).toBe(400);
  });
});

describe("POST /__sandbox/tasks/{task_id}/complete", () => {
  it("FINISHED applies what the task was doing: the server and its port appear", async () => {
    const t = await control().tenant();
    await t.clock.manual();
    const [taskId] = (await createServer(t.key)).body.tasks;
    const task = await t.tasks.complete(taskId, { state: "FINISHED" });
    expect(task.state).toBe("FINISHED");
    const instances = task.created_resources?.instances as string[];
    expect(instances).toHaveLength(1);
    const state = await t.state();
    expect(state.instances.map((i) => i.id)).toEqual(instances);
    expect(state.ports.map((p) => p.id)).toEqual(expect.arrayContaining(task.created_resources?.ports ?? []));
  });

  it("ERROR keeps the error text and creates nothing; a seeded running task can end too", async () => {
    const t = await control().tenant();
    await t.clock.manual();
    const [taskId] = (await createServer(t.key)).body.tasks;
    const failed = await t.tasks.complete(taskId, { state: "ERROR", error: "No capacity left." });
    expect(failed).toMatchObject({ state: "ERROR", error: "No capacity left." });
    expect((await t.state()).instances).toEqual([]);
    const seeded = await t.tasks.complete(F.runningTaskIds[0], { state: "FINISHED" });
    expect(seeded).toMatchObject({ state: "FINISHED", created_resources: {} });
  });

  it.each([
    [{ state: "ERROR" }, "body.error"],
    [{ state: "FINISHED", error: "x" }, "body.error"],
    [{ state: "RUNNING" }, "body.state"],
    [{ state: "ERROR", error: "" }, "body.error"],
  ])("refuses %j with 400", async (body, field) => {
    const res = await call("POST", `/__sandbox/tasks/${F.runningTaskIds[1]}/complete`, SANDBOX_API_KEY, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
  });

  it("answers 404 for an unknown task and 409 for an ended one or one that was going to fail", async () => {
    const t = await control().tenant();
    await expect(t.tasks.complete("no-such-task", { state: "FINISHED" })).rejects.toEqual(refusal(404));
    await expect(t.tasks.complete(F.finishedTaskId, { state: "ERROR", error: "late" })).rejects.toEqual(
      refusal(409),
    );
    await t.clock.manual();
    const [doomed] = (await createServer(t.key, F.unknownFlavor)).body.tasks;
    const refused = await t.tasks.complete(doomed, { state: "FINISHED" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxControlError);
    expect(refused).toMatchObject({ status: 409, message: expect.stringContaining(F.unknownFlavor) });
    expect((await t.tasks.complete(doomed, { state: "ERROR", error: "gave up" })).state).toBe("ERROR");
  });
});

describe("faults", () => {
  it("answers the next `times` calls with the status, an Error body and Retry-After, then recovers", async () => {
    const t = await control().tenant();
    const fault = await t.faults.add({
      operation_id: "listActiveTasks",
      kind: "status",
      status: 503,
      times: 2,
      retry_after_s: 3,
    });
    expect(fault).toMatchObject({ operation_id: "listActiveTasks", times: 2, status: 503, delay_ms: 0 });
    for (const left of [1, 0]) {
      const res = await call("GET", `/cloud/v1/tasks/${P}/active`, t.key);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("3");
      expect(res.body).toMatchObject({
        message: expect.stringContaining("Injected fault"),
        request_id: expect.any(String),
      });
      expect((await t.faults.list()).map((f) => f.times)).toEqual(left ? [left] : []);
    }
    expect((await call("GET", `/cloud/v1/tasks/${P}/active`, t.key)).status).toBe(200);
  });

  it("spoils only the tenant's own calls, and a spoiled write changes nothing", async () => {
    const [a, b] = [await control().tenant(), await control().tenant()];
    await a.faults.add({ operation_id: "updateSecurityGroup", kind: "status", status: 409 });
    expect((await rename(b.key, "b-renamed")).status).toBe(200);
    expect((await rename(a.key, "a-renamed")).status).toBe(409);
    expect(await groupName(a)).toBe("web-servers");
    expect((await rename(a.key, "a-renamed")).status).toBe(200);
  });

  it("waits delay_ms before answering a status fault", async () => {
    const t = await control().tenant();
    await t.faults.add({
      operation_id: "getTask",
      kind: "status",
      status: 429,
      retry_after_s: 1,
      delay_ms: 300,
    });
    const started = performance.now();
    const res = await call("GET", `/cloud/v1/tasks/${F.finishedTaskId}`, t.key);
    expect(res.status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("drops the connection for a reset fault, without doing the call", async () => {
    const t = await control().tenant();
    await t.faults.add({ operation_id: "addResellerNotificationSetting", kind: "reset" });
    const path = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
    const body = { notification_type: "failed_login", email: "reset@acme.example" };
    await expect(call("POST", path, t.key, body)).rejects.toThrow();
    expect((await t.state()).notificationSettings.map((s) => s.email)).not.toContain(body.email);
    expect((await call("POST", path, t.key, body)).status).toBe(201);
  });

  it("trickles a slow body over delay_ms, then it is the usual answer", async () => {
    const t = await control().tenant();
    await t.faults.add({ operation_id: "getTask", kind: "slow_body", delay_ms: 1_000 });
    const started = performance.now();
    const res = await fetch(`${ctx.sandbox.url}/cloud/v1/tasks/${F.finishedTaskId}`, {
      headers: { Authorization: `apikey ${t.key}` },
    });
    expect(res.status).toBe(200);
    const headersAfter = performance.now() - started;
    const task = await res.json();
    const bodyAfter = performance.now() - started;
    // Per call: the body took the fault's delay, and came well after the headers (which did not wait for it).
    expect(bodyAfter).toBeGreaterThanOrEqual(950);
    expect(bodyAfter - headersAfter).toBeGreaterThanOrEqual(500);
    expect(task).toMatchObject({ id: F.finishedTaskId, state: "FINISHED" });
  });

  it("reads, deletes and clears faults; another tenant's fault is a 404", async () => {
    const [a, b] = [await control().tenant(), await control().tenant()];
    const first = await a.faults.add({ operation_id: "getTask", kind: "reset", times: 5 });
    await a.faults.add({ operation_id: "listPlanContents", kind: "status", status: 500 });
    expect(await a.faults.get(first.id)).toEqual(first);
    await expect(b.faults.get(first.id)).rejects.toEqual(refusal(404));
    await expect(b.faults.delete(first.id)).rejects.toEqual(refusal(404));
    await a.faults.delete(first.id);
    await expect(a.faults.get(first.id)).rejects.toEqual(refusal(404));
    expect((await a.faults.list()).map((f) => f.operation_id)).toEqual(["listPlanContents"]);
    const cleared = await call("DELETE", "/__sandbox/faults", a.key);
    expect(cleared.status).toBe(204);
    expect(await a.faults.list()).toEqual([]);
  });

  it("refuses an unknown operation id with 400 listing the valid ones", async () => {
    const res = await call("POST", "/__sandbox/faults", SANDBOX_API_KEY, {
      operation_id: "getTasks",
      kind: "reset",
    });
    expect(res.status).toBe(400);
    expect(res.body.info.valid_operation_ids).toEqual(ctx.sandbox.operations.map((o) => o.operationId));
    expect(res.body.message).toContain("listActiveTasks");
  });

  it.each([
    [{ operation_id: "getTask", kind: "status", status: 409 }, "body.status"], // getTask documents no 409
    [{ operation_id: "getTask", kind: "status", status: 418 }, "body.status"],
    [{ operation_id: "getTask", kind: "status", status: 200 }, "body.status"],
    [{ operation_id: "getTask", kind: "status" }, "body.status"],
    [{ operation_id: "getTask", kind: "reset", status: 503 }, "body.status"],
    [{ operation_id: "getTask", kind: "reset", retry_after_s: 1 }, "body.retry_after_s"],
    [{ operation_id: "getTask", kind: "slow_body" }, "body.delay_ms"],
    [{ operation_id: "getTask", kind: "slow_body", delay_ms: 0 }, "body.delay_ms"],
    [{ operation_id: "getTask", kind: "boom" }, "body.kind"],
    [{ operation_id: "getTask", kind: "reset", times: 0 }, "body.times"],
    [{ operation_id: "getTask", service: "cloud", kind: "reset" }, "body.service"],
    [{ service: "storage", kind: "reset" }, "body.service"],
    [{ operation_id: "getTask", kind: "reset", probability: 1.5 }, "body.probability"],
    [
      { operation_id: "getTask", kind: "reset", delay_ms: 5, latency: { p50_ms: 1, p99_ms: 2 } },
      "body.latency",
    ],
    [{ operation_id: "getTask", kind: "latency", latency: { p50_ms: 50, p99_ms: 10 } }, "body.latency"],
    [
      { operation_id: "getTask", kind: "slow_body", delay_ms: 5, latency: { p50_ms: 1, p99_ms: 2 } },
      "body.latency",
    ],
    [{ kind: "reset", from: "2026-11-21T10:05:00Z", until: "2026-11-21T10:00:00Z" }, "body.until"],
    [{ kind: "reset", from: "soon" }, "body.from"],
    [{ service: "billing", kind: "status", status: 409 }, "body.status"], // no billing operation documents 409
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const res = await call("POST", "/__sandbox/faults", SANDBOX_API_KEY, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields)).toContain(field);
    expect(ctx.sandbox.state()).toBeDefined();
    expect((await control().forKey(SANDBOX_API_KEY).faults.list()).length).toBe(0);
  });
});

describe("--control off", () => {
  it("has no control API: every /__sandbox/ path is a 404, the API itself works", async () => {
    const sandbox = await startSandbox({ control: false, validateResponses: true });
    try {
      const headers = { Authorization: `apikey ${SANDBOX_API_KEY}` };
      for (const [method, path] of [
        ["POST", "/__sandbox/tenants"],
        ["GET", "/__sandbox/state"],
        ["POST", "/__sandbox/reset"],
        ["GET", "/__sandbox/faults"],
      ] as const) {
        expect((await fetch(`${sandbox.url}${path}`, { method, headers })).status).toBe(404);
      }
      expect((await fetch(`${sandbox.url}/cloud/v1/tasks/${P}/active`, { headers })).status).toBe(200);
    } finally {
      await sandbox.stop();
    }
  });
});
