// `createSandbox({ seed })` in process, behind MSW: a world saved as a snapshot answers the API's host.
import { setupServer } from "msw/node";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxHandlers } from "../../msw.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { createSandbox } from "../in-process.js";
import type { SnapshotDocument } from "./format.js";
import { SeedRefused } from "./refusal.js";

const API = "https://api.gcore.com";
const headers = { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" };

/** A world with one more notification setting and a renamed security group, as a snapshot. */
async function savedWorld(): Promise<SnapshotDocument> {
  const source = createSandbox();
  const tenant = await source.control.tenant();
  const own = { ...headers, Authorization: `apikey ${tenant.key}` };
  await source.fetch(`${API}/iam/reselling/resellers/${F.otherResellerId}/notification_settings`, {
    method: "POST",
    headers: own,
    body: JSON.stringify({ notification_type: "deletion_request", email: "seeded@globex.example" }),
  });
  await source.fetch(`${API}/cloud/v1/securitygroups/1/1/${F.securityGroupId}`, {
    method: "PATCH",
    headers: own,
    body: JSON.stringify({ name: "seeded-group" }),
  });
  const snapshot = await tenant.snapshot();
  await source.close();
  return snapshot;
}

describe("createSandbox({ seed })", () => {
  let seed: SnapshotDocument;
  beforeAll(async () => {
    seed = await savedWorld();
  });

  it("answers calls through MSW from the seeded world, for the default key and new tenants", async () => {
    const sandbox = createSandbox({ seed, validateResponses: true });
    const server = setupServer(...sandboxHandlers(sandbox));
    server.listen({ onUnhandledRequest: "error" });
    try {
      const settings = await fetch(
        `${API}/iam/reselling/resellers/${F.otherResellerId}/notification_settings`,
        {
          headers,
        },
      );
      expect(settings.status).toBe(200);
      expect((await settings.json()).results.map((s: { email: string }) => s.email)).toEqual([
        "soc@globex.example",
        "seeded@globex.example",
      ]);
      const tenant = await sandbox.control.tenant();
      expect((await tenant.state()).securityGroups.map((g) => g.name)).toEqual(["seeded-group"]);
      // A reset goes back to the seed, not to the built-in fixtures.
      await fetch(`${API}/cloud/v1/securitygroups/1/1/${F.securityGroupId}`, {
        method: "PATCH",
        headers: { ...headers, Authorization: `apikey ${tenant.key}` },
        body: JSON.stringify({ name: "changed" }),
      });
      await tenant.reset();
      expect((await tenant.state()).securityGroups.map((g) => g.name)).toEqual(["seeded-group"]);
    } finally {
      server.close();
      await sandbox.close();
    }
  });

  it("throws a SeedRefused naming the entity, pointer and rule for a seed that breaks the contract", () => {
    const broken = structuredClone(seed);
    (broken.entities.notificationSettings?.[0] as { email: string }).email = "not an address";
    expect(() => createSandbox({ seed: broken })).toThrow(SeedRefused);
    expect(() => createSandbox({ seed: broken })).toThrow(
      /notificationSettings 1 at \/entities\/notificationSettings\/0\/email: must match format "email"/,
    );
  });
});
