// The per-tenant limit of entities of one kind, through HTTP: up to it accepted, one beyond a documented 400
// in the service's error shape that changes nothing, and other tenants unaffected.
import { describe, expect, it } from "vitest";
import { connectSandbox, type SandboxTenant } from "../../control-client/sandbox-control.js";
import { useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";

const LIMIT = 12;
const ctx = useSandbox({ maxObjectsPerCollection: LIMIT });

const addSetting = (tenant: SandboxTenant, i: number) =>
  ctx.api.call<{ message?: string }>("addResellerNotificationSetting", {
    key: tenant.key,
    params: { resellerId: F.resellerId },
    body: { notification_type: "failed_login", email: `user${i}@example.com` },
  });
const replacePairs = (tenant: SandboxTenant) =>
  ctx.api.call<{ message?: string }>("replacePortAllowedAddressPairs", {
    key: tenant.key,
    params: { project_id: F.projectId, region_id: F.regionId, port_id: F.portId },
    body: { allowed_address_pairs: [{ ip_address: "10.0.0.100" }] },
  });

describe(`at most ${LIMIT} entities of one kind per tenant`, () => {
  it.each([
    ["notificationSettings", addSetting, 201],
    ["tasks", replacePairs, 200],
  ] as const)(
    "%s: up to the limit accepted, beyond a 400 that changes nothing",
    async (kind, add, created) => {
      const control = connectSandbox(ctx.sandbox.url);
      const [mine, other] = [await control.tenant(), await control.tenant()];
      const seeded = (await mine.state())[kind].length;
      expect(seeded).toBeLessThan(LIMIT);
      for (let i = seeded; i < LIMIT; i++) expect((await add(mine, i)).status).toBe(created);
      const before = await mine.state();
      expect(before[kind]).toHaveLength(LIMIT);

      const beyond = await add(mine, LIMIT);
      expect(beyond.status).toBe(400);
      expect(beyond.body.message).toMatch(`at most ${LIMIT} ${kind} per tenant`);
      // The same entities (tasks may finish meanwhile, so compared by id).
      const ids = (list: readonly { id: unknown }[]) => list.map((e) => e.id);
      expect(ids((await mine.state())[kind])).toEqual(ids(before[kind]));

      // Another tenant keeps its own room; a reset frees the caller's.
      expect((await other.state())[kind]).toHaveLength(seeded);
      expect((await add(other, 0)).status).toBe(created);
      await mine.reset();
      expect((await add(mine, 0)).status).toBe(created);
    },
  );
});
