// The API's rate limits through HTTP: off by default, switched per tenant by the control API or for every
// tenant at start; per key and service, on the tenant's clock (kept still here, so that no count depends on
// the machine's speed), answered 429 + Retry-After in the service's error shape without changing anything.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connectSandbox, type SandboxTenant } from "../../control-client/sandbox-control.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { startSandbox } from "../server.js";

const ctx = useSandbox();
const lit = useSandbox({ rateLimits: true });
const P = `${F.projectId}/${F.regionId}`;
const CLOUD_LIMIT = 20;

const listTasks = (url: string, key: string, project: number = F.projectId) =>
  sandboxRequest(url, "GET", `/cloud/v1/tasks/${project}/${F.regionId}/active`, key);
const listSettings = (url: string, key: string) =>
  sandboxRequest(url, "GET", `/iam/reselling/resellers/${F.resellerId}/notification_settings`, key);

/** A tenant of its own with its clock stopped. */
async function stillTenant(url: string): Promise<SandboxTenant> {
  const tenant = await connectSandbox(url).tenant();
  await tenant.clock.manual();
  return tenant;
}

/** `n` calls of `call`, one after another; their statuses. */
async function statuses(n: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).status);
  return out;
}

describe("rate limits", () => {
  it("are off unless switched on: many calls at one instant all pass", async () => {
    const tenant = await stillTenant(ctx.sandbox.url);
    expect((await tenant.rateLimits.get()).enabled).toBe(false);
    const seen = await statuses(CLOUD_LIMIT * 2, () => listTasks(ctx.sandbox.url, tenant.key));
    expect(new Set(seen)).toEqual(new Set([200]));
  });

  it("list each service's limit from the spec's x-rate-limit", async () => {
    const tenant = await stillTenant(ctx.sandbox.url);
    const { limits } = await tenant.rateLimits.set(true);
    expect(limits.map((l) => l.scope).sort()).toEqual(
      ["tag:Billing", "tag:CDN", "tag:Cloud", "tag:IAM", "tag:Streaming"].sort(),
    );
    expect(limits.find((l) => l.scope === "tag:Cloud")).toEqual({
      scope: "tag:Cloud",
      requests: CLOUD_LIMIT,
      window_seconds: 1,
      published: false,
    });
  });

  it("answer the call beyond the limit 429 with Retry-After, in the service's shape, until the window moves on", async () => {
    const tenant = await stillTenant(ctx.sandbox.url);
    await tenant.rateLimits.set(true);
    const url = ctx.sandbox.url;
    expect(await statuses(CLOUD_LIMIT, () => listTasks(url, tenant.key))).toEqual(
      Array(CLOUD_LIMIT).fill(200),
    );
    const refused = await listTasks(url, tenant.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect(refused.body).toMatchObject({
      exception_class: "Throttled",
      message: expect.stringContaining("Try again in 1 s"),
      request_id: refused.headers.get("x-request-id"),
    });
    // Another service and another key of the tenant have counts of their own.
    expect((await listSettings(url, tenant.key)).status).toBe(200);
    const projectKey = tenant.scopedKeys.find((k) => k.projects)?.api_key as string;
    expect((await listTasks(url, projectKey, F.otherProjectId)).status).toBe(200);
    // Still refused just before the window ends, allowed once it has.
    await tenant.clock.advance(999);
    expect((await listTasks(url, tenant.key)).status).toBe(429);
    await tenant.clock.advance(1);
    expect((await listTasks(url, tenant.key)).status).toBe(200);
  });

  it("refuse a write beyond the limit without applying it", async () => {
    const tenant = await stillTenant(ctx.sandbox.url);
    await tenant.rateLimits.set(true);
    const url = ctx.sandbox.url;
    await statuses(CLOUD_LIMIT, () => listTasks(url, tenant.key));
    const rename = await sandboxRequest(
      url,
      "PATCH",
      `/cloud/v1/securitygroups/${P}/${F.securityGroupId}`,
      tenant.key,
      { name: "renamed-while-throttled" },
    );
    expect(rename.status).toBe(429);
    expect((await tenant.state()).securityGroups[0]?.name).toBe("web-servers");
  });

  it("go off again with the control call and with a reset", async () => {
    const tenant = await stillTenant(ctx.sandbox.url);
    await tenant.rateLimits.set(true);
    await statuses(CLOUD_LIMIT, () => listTasks(ctx.sandbox.url, tenant.key));
    expect((await tenant.rateLimits.set(false)).enabled).toBe(false);
    expect((await listTasks(ctx.sandbox.url, tenant.key)).status).toBe(200);
    await tenant.rateLimits.set(true);
    await tenant.reset();
    expect((await tenant.rateLimits.get()).enabled).toBe(false);
  });

  it("are on in every tenant of a sandbox started with them, until switched off", async () => {
    const tenant = await stillTenant(lit.sandbox.url);
    expect((await tenant.rateLimits.get()).enabled).toBe(true);
    const streamReset = () =>
      sandboxRequest(
        lit.sandbox.url,
        "POST",
        `/streaming/streams/${F.streamId}/reset_push_token`,
        tenant.key,
      );
    expect(await statuses(5, streamReset)).toEqual([200, 200, 200, 200, 429]);
    await tenant.reset();
    expect((await tenant.rateLimits.get()).enabled).toBe(true);
  });

  it("stay switched as they were across a restart (kept with the tenant's state)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rate-limits-"));
    const stateFile = join(dir, "state.json");
    try {
      const first = await startSandbox({ port: 0, stateFile });
      const tenant = await connectSandbox(first.url).tenant();
      await tenant.rateLimits.set(true);
      await first.stop();
      const second = await startSandbox({ port: 0, stateFile });
      try {
        expect((await connectSandbox(second.url).forKey(tenant.key).rateLimits.get()).enabled).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuse a body that is not a switch", async () => {
    const tenant = await stillTenant(ctx.sandbox.url);
    const bad = await sandboxRequest(ctx.sandbox.url, "PUT", "/__sandbox/rate-limits", tenant.key, {
      enabled: "yes",
    });
    expect(bad.status).toBe(400);
  });
});
