// Overrides through HTTP: the answer a test chooses for the next calls, refused when it breaks the API's
// contract, generated from the schema when left out, and kept track of on the override. The sandbox checks its
// own answers (validateResponses) and the spec client checks them again from the outside.
import { describe, expect, it } from "vitest";
import { connectSandbox } from "../../control-client/sandbox-control.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { specClient } from "../../test-support/spec-client.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { checkSandboxAnswer } from "../http/self-check.js";

const ctx = useSandbox();
const P = `${F.projectId}/${F.regionId}`;
const ACTIVE = `/cloud/v1/tasks/${P}/active`;

const call = (method: string, path: string, key: string, body?: unknown) =>
  sandboxRequest(ctx.sandbox.url, method, path, key, body);
const tenant = () => connectSandbox(ctx.sandbox.url).tenant();

describe("POST /__sandbox/overrides", () => {
  it("refuses a body off the contract naming the pointer and the rule, and takes one on it", async () => {
    const t = await tenant();
    const off = await call("POST", "/__sandbox/overrides", t.key, {
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: "two", results: [] },
    });
    expect(off.status).toBe(400);
    expect(off.body.message).toContain("/count");
    expect(off.body.invalid_fields).toEqual({ "body.body.count": [expect.stringContaining("(type)")] });
    expect(await t.overrides.list()).toEqual([]);

    const on = await call("POST", "/__sandbox/overrides", t.key, {
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    expect(on.status).toBe(201);
    const answer = await call("GET", ACTIVE, t.key);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(0);
    expect(answer.headers.get("x-sandbox-override")).toBe(on.body.id);
    // Used up: the next call is the sandbox's own answer again (the seeded running tasks).
    expect((await call("GET", ACTIVE, t.key)).body.count).toBe(F.runningTaskIds.length);
  });

  it.each([
    [{ operation_id: "listActiveTasks", status: 302 }, "body.status"],
    [{ operation_id: "listActiveTasks", status: 200, body: { count: 0 } }, "body.body.results"],
    [
      { operation_id: "listActiveTasks", status: 200, body: { count: 1, results: [{ id: 1 }] } },
      "body.body.results.0.task_type",
    ],
    [{ operation_id: "listActiveTasks", status: 503, body: { detail: 1 } }, "body.body"],
    [
      { operation_id: "listActiveTasks", status: 200, headers: { "Content-Type": "text/plain" } },
      "body.headers",
    ],
    [
      { operation_id: "listActiveTasks", status: 200, match: { params: { task_id: "1" } } },
      "body.match.params",
    ],
    [{ operation_id: "listActiveTasks", status: 200, match: { query: { page: "1" } } }, "body.match.query"],
    [{ operation_id: "listTasks", status: 200 }, "body.operation_id"],
    [{ operation_id: "listActiveTasks", status: 200, times: 0 }, "body.times"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const t = await tenant();
    const res = await call("POST", "/__sandbox/overrides", t.key, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.invalid_fields).some((name) => name.startsWith(field))).toBe(true);
    expect(await t.overrides.list()).toEqual([]);
  });

  it("generates a body valid against the schema from the tenant's seed when none is given", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const armed = await a.overrides.add({ operation_id: "getTask", status: 200 });
    expect(armed.body_generated).toBe(true);
    expect(checkSandboxAnswer("getTask", 200, armed.body).violations).toEqual([]);
    // The same seed (every tenant of this sandbox has it) gives the same body.
    expect((await b.overrides.add({ operation_id: "getTask", status: 200 })).body).toEqual(armed.body);
    const res = await specClient(ctx.sandbox.url).call("getTask", {
      params: { task_id: F.finishedTaskId },
      key: a.key,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(armed.body);
  });
});

describe("an armed override", () => {
  it("answers only the calls its match fits, `times` times, and keeps their request ids", async () => {
    const t = await tenant();
    const armed = await t.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
      times: 2,
      match: { params: { region_id: String(F.secondRegionId) }, query: { limit: "5" } },
    });
    const second = `/cloud/v1/tasks/${F.projectId}/${F.secondRegionId}/active`;
    expect((await call("GET", second, t.key)).headers.get("x-sandbox-override")).toBeNull();
    expect((await call("GET", `${ACTIVE}?limit=5`, t.key)).headers.get("x-sandbox-override")).toBeNull();
    const first = await call("GET", `${second}?limit=5`, t.key);
    expect(first.headers.get("x-sandbox-override")).toBe(armed.id);
    expect(await t.overrides.get(armed.id)).toMatchObject({
      times: 1,
      answered: [first.headers.get("x-request-id")],
    });
    const last = await call("GET", `${second}?offset=0&limit=5`, t.key);
    expect(last.body).toEqual({ count: 0, results: [] });
    expect(await t.overrides.list()).toEqual([]);
  });

  it("answers a write without running it: the state does not change", async () => {
    const t = await tenant();
    await t.overrides.add({ operation_id: "updateSecurityGroup", status: 409 });
    const before = await t.state();
    const res = await call("PATCH", `/cloud/v1/securitygroups/${P}/${F.securityGroupId}`, t.key, {
      name: "renamed",
    });
    expect(res.status).toBe(409);
    expect(checkSandboxAnswer("updateSecurityGroup", 409, res.body).violations).toEqual([]);
    expect(await t.state()).toEqual(before);
  });

  it("still lets a bad request be refused, and lets a fault come first", async () => {
    const t = await tenant();
    const armed = await t.overrides.add({ operation_id: "listActiveTasks", status: 200 });
    expect((await call("GET", `${ACTIVE}?limit=0`, t.key)).status).toBe(400);
    await t.faults.add({ operation_id: "listActiveTasks", kind: "status", status: 503 });
    expect((await call("GET", ACTIVE, t.key)).status).toBe(503);
    expect((await call("GET", ACTIVE, t.key)).headers.get("x-sandbox-override")).toBe(armed.id);
  });

  it("is the caller's tenant's only: read, delete and clear; another tenant's is a 404", async () => {
    const [a, b] = [await tenant(), await tenant()];
    const first = await a.overrides.add({ operation_id: "getTask", status: 404, times: 3 });
    await a.overrides.add({ operation_id: "listActiveTasks", status: 200 });
    expect(await a.overrides.get(first.id)).toEqual(first);
    await expect(b.overrides.get(first.id)).rejects.toMatchObject({ status: 404 });
    await expect(b.overrides.delete(first.id)).rejects.toMatchObject({ status: 404 });
    expect((await call("GET", ACTIVE, b.key)).headers.get("x-sandbox-override")).toBeNull();
    await a.overrides.delete(first.id);
    expect((await a.overrides.list()).map((o) => o.operation_id)).toEqual(["listActiveTasks"]);
    await a.overrides.clear();
    expect(await a.overrides.list()).toEqual([]);
  });
});
