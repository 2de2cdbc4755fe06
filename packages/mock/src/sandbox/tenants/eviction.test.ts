// Eviction through HTTP: idle tenants and, beyond the count limit, the least recently used one; an evicted
// key is a 401 that says so. The default world is never evicted.
import { afterEach, describe, expect, it } from "vitest";
import { connectSandbox } from "../../control-client/sandbox-control.js";
import { SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, type SandboxOptions, startSandbox } from "../server.js";

let sandbox: RunningSandbox | undefined;
/** The sandbox's wall clock, moved by the tests. */
let wall = 1_000_000;
const tick = (ms: number) => {
  wall += ms;
};
afterEach(async () => {
  await sandbox?.stop();
  sandbox = undefined;
});

async function start(options: SandboxOptions) {
  sandbox = await startSandbox({ validateResponses: true, now: () => wall, ...options });
  return { url: sandbox.url, control: connectSandbox(sandbox.url) };
}

async function active(url: string, key: string) {
  const res = await fetch(`${url}/cloud/v1/tasks/1/1/active`, {
    headers: { Authorization: `apikey ${key}` },
  });
  return { status: res.status, body: (await res.json()) as { message: string; exception_class: string } };
}

describe("tenant eviction", () => {
  it("evicts a tenant idle for longer than tenantIdleMs: its keys answer 401 saying so", async () => {
    const { url, control } = await start({ tenantIdleMs: 1_000 });
    const idle = await control.tenant();
    const busy = await control.tenant();
    for (let i = 0; i < 4; i++) {
      tick(400);
      expect((await active(url, busy.key)).status).toBe(200);
    }
    const evicted = await active(url, idle.key);
    expect(evicted.status).toBe(401);
    expect(evicted.body.exception_class).toBe("TenantEvicted");
    expect(evicted.body.message).toMatch(/evicted/);
    expect((await active(url, idle.scopedKeys[0]?.api_key as string)).status).toBe(401);
    await expect(idle.state()).rejects.toMatchObject({ status: 401 });
    expect((await active(url, busy.key)).status).toBe(200);
    tick(5_000);
    expect((await active(url, SANDBOX_API_KEY)).status).toBe(200);
  });

  it("evicts the least recently used tenant when one more than maxTenants is created", async () => {
    const { url, control } = await start({ maxTenants: 2 });
    const first = await control.tenant();
    const second = await control.tenant();
    tick(10);
    expect((await active(url, first.key)).status).toBe(200); // second is now the least recently used
    const third = await control.tenant();
    expect((await active(url, second.key)).body.exception_class).toBe("TenantEvicted");
    for (const t of [first, third]) expect((await active(url, t.key)).status).toBe(200);
    expect((await active(url, SANDBOX_API_KEY)).status).toBe(200);
  });

  it("still calls a key nobody ever had just unknown", async () => {
    const { url } = await start({});
    const res = await active(url, "sbx_never-issued");
    expect(res.status).toBe(401);
    expect(res.body.exception_class).toBe("NotAuthenticated");
  });
});
