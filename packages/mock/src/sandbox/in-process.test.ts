// The in-process sandbox's fetch on the unhappy paths a real fetch meets: a body past the limit that
// announces no length, a connection reset by a fault, a caller that aborts before, during and after the
// answer's head, and a body that trickles. After each one the sandbox serves on and nothing was written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxTenant } from "../control-client/sandbox-control.js";
import { SANDBOX_FIXTURES as F } from "./fixtures/ids.js";
import { createSandbox, type InProcessSandbox } from "./in-process.js";

const LIMIT = 1024;
const ORIGIN = "http://anywhere.example";
const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const settingsPath = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;

let sandbox: InProcessSandbox;
let tenant: SandboxTenant;
const call = (path: string, init: RequestInit = {}) =>
  sandbox.fetch(`${ORIGIN}${path}`, {
    ...init,
    headers: { authorization: `apikey ${tenant.key}`, "content-type": "application/json", ...init.headers },
  });
const emails = async () => {
  const res = await call(`${settingsPath}?limit=1000`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Array<{ email: string }> }).results.map((s) => s.email);
};
/** The tenant's security groups as stored (the spec has no read of one). */
const groups = async () => JSON.stringify((await tenant.state()).securityGroups);
const setting = (email: string) => JSON.stringify({ notification_type: "failed_login", email });

beforeAll(async () => {
  sandbox = createSandbox({ maxBodyBytes: LIMIT, validateResponses: true });
  tenant = await sandbox.control.tenant();
});
afterAll(() => sandbox.close());

describe("the in-process fetch", () => {
  it("refuses a streamed body past the limit with a 413 in the service's shape, and writes nothing", async () => {
    const before = await groups();
    const chunk = new TextEncoder().encode(`{"tags":{"k":"${"x".repeat(LIMIT)}"}}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await call(groupPath, { method: "PATCH", body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining(String(LIMIT)) });
    expect(await groups()).toBe(before);
  });

  it("rejects as a dropped connection would on a reset fault, then serves on", async () => {
    await tenant.faults.add({ operation_id: "addResellerNotificationSetting", kind: "reset" });
    await expect(call(settingsPath, { method: "POST", body: setting("reset@a.example") })).rejects.toThrow(
      /reset/,
    );
    const res = await call(settingsPath, { method: "POST", body: setting("after-reset@a.example") });
    expect(res.status).toBe(201);
    expect(await emails()).toContain("after-reset@a.example");
    expect(await emails()).not.toContain("reset@a.example");
  });

  it("rejects with the signal's reason when aborted before the call, and runs nothing", async () => {
    const aborted = call(settingsPath, {
      method: "POST",
      body: setting("never@a.example"),
      signal: AbortSignal.abort(),
    });
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    expect(await emails()).not.toContain("never@a.example");
  });

  it("rejects when the signal times out while the answer is held back (a delayed fault), then serves on", async () => {
    await tenant.faults.add({
      operation_id: "listPlanContents",
      kind: "status",
      status: 500,
      delay_ms: 3_000,
    });
    const held = call("/billing/org/v1/plans/contents", { signal: AbortSignal.timeout(50) });
    await expect(held).rejects.toMatchObject({ name: "TimeoutError" });
    expect((await call("/billing/org/v1/plans/contents")).status).toBe(200);
  });

  it("lets a slow_body fault's body arrive in pieces, whole, and errors it when aborted meanwhile", async () => {
    await tenant.faults.add({
      operation_id: "updateSecurityGroup",
      kind: "slow_body",
      delay_ms: 200,
      times: 2,
    });
    const patch = { method: "PATCH", body: JSON.stringify({ tags: { slow: "yes" } }) };
    const res = await call(groupPath, patch);
    expect(res.status).toBe(200);
    const pieces: Uint8Array[] = [];
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
    expect(pieces.length).toBeGreaterThan(1);
    const text = new TextDecoder().decode(Buffer.concat(pieces));
    const answer = JSON.parse(text);
    expect(answer.id).toBe(F.securityGroupId);
    expect(answer.tags_v2).toContainEqual(expect.objectContaining({ key: "slow", value: "yes" }));

    const controller = new AbortController();
    const cut = await call(groupPath, { ...patch, signal: controller.signal });
    const reading = cut.text();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
    expect((await call(groupPath, patch)).status).toBe(200);
  });
});
