// The MSW adapter with msw's own `setupServer`: calls made with the global fetch to the API's host, or to a
// base URL given, are answered by an in-process sandbox — its state, overrides and faults included.
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sandboxHandlers } from "./msw.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./sandbox/fixtures/ids.js";
import { createSandbox } from "./sandbox/in-process.js";

const sandbox = createSandbox({ validateResponses: true });
const server = setupServer(
  ...sandboxHandlers(sandbox),
  ...sandboxHandlers(sandbox, { baseUrl: ["http://app.test/api/", "http://other.test"] }),
);
const headers = { Authorization: `apikey ${SANDBOX_API_KEY}` };
const ACTIVE = `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await sandbox.close();
});

describe("sandboxHandlers", () => {
  it("answers the API's own host from the sandbox", async () => {
    const res = await fetch(`https://api.gcore.com${ACTIVE}`, { headers });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(F.runningTaskIds.length);
  });

  it("answers a base URL given, with the path below its own path", async () => {
    const below = await fetch(`http://app.test/api${ACTIVE}?limit=1`, { headers });
    expect(below.status).toBe(200);
    expect((await below.json()).results).toHaveLength(1);
    expect((await fetch(`http://other.test${ACTIVE}`, { headers })).status).toBe(200);
  });

  it("carries writes with their bodies, and the control API with them", async () => {
    const tenant = await sandbox.control.tenant();
    const path = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
    const renamed = await fetch(`http://app.test/api${path}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${tenant.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "through-msw" }),
    });
    expect(renamed.status).toBe(200);
    expect((await tenant.state()).securityGroups[0]?.name).toBe("through-msw");
    const control = await fetch("https://api.gcore.com/__sandbox/state", {
      headers: { Authorization: `apikey ${tenant.key}` },
    });
    expect((await control.json()).securityGroups[0].name).toBe("through-msw");
  });

  it("gives a tenant's override to the next call, and a reset fault as a network error", async () => {
    const tenant = await sandbox.control.tenant();
    const own = { Authorization: `apikey ${tenant.key}` };
    await tenant.overrides.add({
      operation_id: "listActiveTasks",
      status: 200,
      body: { count: 0, results: [] },
    });
    const overridden = await fetch(`https://api.gcore.com${ACTIVE}`, { headers: own });
    expect(await overridden.json()).toEqual({ count: 0, results: [] });
    await tenant.faults.add({ operation_id: "listActiveTasks", kind: "reset" });
    await expect(fetch(`https://api.gcore.com${ACTIVE}`, { headers: own })).rejects.toThrow(TypeError);
    expect((await fetch(`https://api.gcore.com${ACTIVE}`, { headers: own })).status).toBe(200);
  });

  it("leaves other hosts to msw (unhandled here: an error)", async () => {
    await expect(fetch("https://elsewhere.test/cloud/v1/tasks", { headers })).rejects.toThrow();
  });
});
