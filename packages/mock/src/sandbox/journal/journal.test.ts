// The journal through HTTP: calls of a tenant appear in GET /__sandbox/journal with their status, what
// answered and the contract's verdict (a body the spec refuses is the caller's break), without the key, and
// only the tenant's own; `after` gives only newer calls; the journal keeps its last 500.
import { describe, expect, it } from "vitest";
import { connectSandbox } from "../../control-client/sandbox-control.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { JOURNAL_BODY_LIMIT } from "./entry.js";
import { JOURNAL_ENTRIES } from "./journal.js";

const ctx = useSandbox();
const BARE_METAL = `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`;

async function newTenant(): Promise<string> {
  const created = await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/tenants", F.apiKey);
  expect(created.status).toBe(201);
  return created.body.api_key as string;
}

const journal = (key: string, query = "") =>
  sandboxRequest(ctx.sandbox.url, "GET", `/__sandbox/journal${query}`, key);

describe("GET /__sandbox/journal", () => {
  it("keeps each call of the tenant with its status, its exchange and the contract's verdict", async () => {
    const key = await newTenant();
    const good = await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, key);
    expect(good.status).toBe(200);
    const broken = await sandboxRequest(ctx.sandbox.url, "POST", BARE_METAL, key, {
      image_id: F.imageId,
      interfaces: [{ type: "external" }],
    });
    expect(broken.status).toBe(400);

    const page = await journal(key);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const [first, second, ...rest] = page.body.entries;
    expect(rest).toEqual([]);
    expect(page.body.last_id).toBe(second.id);
    expect(first).toMatchObject({
      id: 1,
      operation_id: "getTask",
      method: "GET",
      path: `/cloud/v1/tasks/${F.finishedTaskId}`,
      status: 200,
      answered_by: "handler",
      fault: null,
      override_id: null,
      verdict: { breach: "none", request_violations: [], answer_violations: [] },
    });
    expect(JSON.parse(first.answer.body)).toEqual(good.body);
    expect(first.request.headers.authorization).toBeUndefined();
    expect(JSON.stringify(page.body)).not.toContain(key);

    expect(second).toMatchObject({
      id: 2,
      operation_id: "createBareMetalServers",
      status: 400,
      answered_by: "sandbox",
      verdict: {
        breach: "caller",
        request_violations: [{ in: "body", pointer: "/flavor", rule: "Field required" }],
        answer_violations: [],
      },
    });
    expect(JSON.parse(second.request.body)).toEqual({
      image_id: F.imageId,
      interfaces: [{ type: "external" }],
    });
    expect(second.request.headers["content-type"]).toBe("application/json");
  });

  it("places a refused parameter, named as the service names it, in its part of the request", async () => {
    const key = await newTenant();
    const path = `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active?limit=1001`;
    const refused = await sandboxRequest(ctx.sandbox.url, "GET", path, key);
    expect(Object.keys(refused.body.invalid_fields)).toEqual(["limit"]);
    const [entry] = (await journal(key)).body.entries;
    expect(entry.verdict.request_violations).toEqual([
      { in: "query", pointer: "/limit", rule: expect.any(String) },
    ]);
  });

  it("gives only the calls after `after`, and none of another tenant's", async () => {
    const key = await newTenant();
    const other = await newTenant();
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, key);
    const seen = await journal(key);
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.errorTaskId}`, key);
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.errorTaskId}`, other);
    const newer = await journal(key, `?after=${seen.body.last_id}`);
    expect(newer.body.entries.map((e: { path: string }) => e.path)).toEqual([
      `/cloud/v1/tasks/${F.errorTaskId}`,
    ]);
    const none = await journal(key, `?after=${newer.body.last_id}`);
    expect(none.body).toEqual({ entries: [], last_id: newer.body.last_id });
    const bad = await journal(key, "?after=-1");
    expect(bad.status).toBe(400);
  });

  it("says which fault or override answered", async () => {
    const key = await newTenant();
    const fault = await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/faults", key, {
      operation_id: "getTask",
      kind: "status",
      status: 500,
    });
    expect(fault.status).toBe(201);
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, key);
    const override = await sandboxRequest(ctx.sandbox.url, "POST", "/__sandbox/overrides", key, {
      operation_id: "getTask",
      status: 404,
    });
    expect(override.status).toBe(201);
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, key);
    const [faulted, overridden] = (await journal(key)).body.entries;
    expect(faulted).toMatchObject({
      status: 500,
      answered_by: "fault",
      fault: { kind: "status", delay_ms: 0 },
      verdict: { breach: "none" },
    });
    expect(overridden).toMatchObject({
      status: 404,
      answered_by: "override",
      override_id: override.body.id,
      verdict: { breach: "none" },
    });
  });

  it("is read by connectSandbox's tenant control too", async () => {
    const tenant = await connectSandbox(ctx.sandbox.url).tenant();
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, tenant.key);
    await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.errorTaskId}`, tenant.key);
    expect((await tenant.journal()).map((e) => e.id)).toEqual([1, 2]);
    expect((await tenant.journal(1)).map((e) => e.path)).toEqual([`/cloud/v1/tasks/${F.errorTaskId}`]);
  });

  it("cuts a long body at 8 KiB and says so", async () => {
    const key = await newTenant();
    const note = "x".repeat(20_000);
    const sent = await sandboxRequest(ctx.sandbox.url, "POST", BARE_METAL, key, {
      image_id: F.imageId,
      note,
    });
    expect(sent.status).toBe(400);
    const [entry] = (await journal(key)).body.entries;
    expect(entry.request.truncated).toBe(true);
    expect(entry.request.body).toHaveLength(JOURNAL_BODY_LIMIT);
    expect(entry.answer.truncated).toBe(false);
    expect(entry.verdict.breach).toBe("caller");
  });

  it(`keeps the last ${JOURNAL_ENTRIES} calls`, async () => {
    const key = await newTenant();
    const calls = JOURNAL_ENTRIES + 3;
    for (let n = 0; n < calls; n += 1) {
      await sandboxRequest(ctx.sandbox.url, "GET", `/cloud/v1/tasks/${F.finishedTaskId}`, key);
    }
    const page = await journal(key);
    expect(page.body.entries).toHaveLength(JOURNAL_ENTRIES);
    expect(page.body.entries[0].id).toBe(4);
    expect(page.body.last_id).toBe(calls);
  });
});
