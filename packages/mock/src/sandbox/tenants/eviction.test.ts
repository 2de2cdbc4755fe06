// Eviction through HTTP: idle tenants only; an evicted key is a 401 that says so. Beyond the count limit or
// the per-key creation rate, creation answers 429. The default world is never evicted.
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

  it("never evicts a tenant in use to make room: beyond maxTenants creation answers 429 with Retry-After", async () => {
    const { url, control } = await start({ maxTenants: 2, tenantIdleMs: 10_000 });
    const first = await control.tenant();
    tick(4_000);
    const second = await control.tenant();
    const refused = await fetch(`${url}/__sandbox/tenants`, {
      method: "POST",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}` },
    });
    expect(refused.status).toBe(429);
    // The first tenant becomes idle 6 s from now: that is when a place frees.
    expect(refused.headers.get("retry-after")).toBe("6");
    expect((await active(url, second.key)).status).toBe(200);
    tick(6_001);
    // Now the first was unused for more than 10 s, the second for 6 s: only the first makes room.
    const third = await control.tenant();
    expect((await active(url, first.key)).body.exception_class).toBe("TenantEvicted");
    for (const t of [second, third]) expect((await active(url, t.key)).status).toBe(200);
    expect((await active(url, SANDBOX_API_KEY)).status).toBe(200);
  });

  it("limits how many tenants one key creates: a burst, then 429 with Retry-After; other keys are not held up", async () => {
    const { url, control } = await start({});
    const post = (key: string) =>
      fetch(`${url}/__sandbox/tenants`, { method: "POST", headers: { Authorization: `apikey ${key}` } });
    const creator = await control.tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 199; i++) statuses.push((await post(SANDBOX_API_KEY)).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await post(SANDBOX_API_KEY);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await post(creator.key)).status).toBe(201);
    tick(1_000);
    expect((await post(SANDBOX_API_KEY)).status).toBe(201);
  });

  it("still calls a key nobody ever had just unknown", async () => {
    const { url } = await start({});
    const res = await active(url, "sbx_never-issued");
    expect(res.status).toBe(401);
    expect(res.body.exception_class).toBe("NotAuthenticated");
  });
});
