// Eviction through HTTP: idle tenants, and never-used ones when room is needed; an evicted key is a 401 that
// says so. Beyond the count limit or the per-address creation rate, creation answers 429. The default world is
// never evicted.
import { request } from "node:http";
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

/** POST /__sandbox/tenants with `key`, sent from the loopback address `from` (127.0.0.1 or 127.0.0.2). */
function createFrom(url: string, key: string, from: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; body: { message?: string } }>(
    (resolve, reject) => {
      const req = request(
        `${url}/__sandbox/tenants`,
        { method: "POST", localAddress: from, headers: { Authorization: `apikey ${key}` } },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => {
            const retryAfter = res.headers["retry-after"];
            resolve({ status: res.statusCode ?? 0, retryAfter, body: JSON.parse(text) });
          });
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
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
    expect((await active(url, first.key)).status).toBe(200);
    tick(4_000);
    const second = await control.tenant();
    expect((await active(url, second.key)).status).toBe(200);
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

  it("limits creation per address: a flood from 127.0.0.1, its new tenants' keys too, leaves 127.0.0.2 creating", async () => {
    const { url, control } = await start({ tenantCreation: { burst: 5, everyMs: 2_000 } });
    const creator = await control.tenant();
    const flood: number[] = [];
    for (let i = 0; i < 4; i++) flood.push((await createFrom(url, SANDBOX_API_KEY, "127.0.0.1")).status);
    expect(flood).toEqual([201, 201, 201, 201]);
    for (const key of [SANDBOX_API_KEY, creator.key]) {
      const refused = await createFrom(url, key, "127.0.0.1");
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe("2");
      expect(refused.body.message).toMatch(/This address created too many tenants lately/);
    }
    for (const key of [SANDBOX_API_KEY, creator.key]) {
      expect((await createFrom(url, key, "127.0.0.2")).status).toBe(201);
    }
    tick(2_000);
    expect((await createFrom(url, SANDBOX_API_KEY, "127.0.0.1")).status).toBe(201);
  });

  it("makes room at maxTenants by evicting the never-used tenant created first, never a used one", async () => {
    const { url } = await start({ maxTenants: 3, tenantIdleMs: 60_000 });
    const created = async (from: string) => {
      const answer = await createFrom(url, SANDBOX_API_KEY, from);
      expect(answer.status).toBe(201);
      return (answer.body as { api_key: string }).api_key;
    };
    const used = await created("127.0.0.1");
    const floodKeys = [await created("127.0.0.1"), await created("127.0.0.1")];
    tick(1_000);
    expect((await active(url, used)).status).toBe(200);
    // Full (3): another address still creates; the never-used tenants make room, the first created first.
    const mine = await created("127.0.0.2");
    expect((await active(url, mine)).status).toBe(200);
    expect((await active(url, floodKeys[0] as string)).body.exception_class).toBe("TenantEvicted");
    const another = await created("127.0.0.2");
    expect((await active(url, floodKeys[1] as string)).body.exception_class).toBe("TenantEvicted");
    for (const key of [used, mine, another]) expect((await active(url, key)).status).toBe(200);
    // All three used now: no room without evicting a used tenant, so 429 until the least recently used is idle.
    const refused = await createFrom(url, SANDBOX_API_KEY, "127.0.0.2");
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("60");
    expect((await active(url, used)).status).toBe(200);
  });

  it("still calls a key nobody ever had just unknown", async () => {
    const { url } = await start({});
    const res = await active(url, "sbx_never-issued");
    expect(res.status).toBe(401);
    expect(res.body.exception_class).toBe("NotAuthenticated");
  });
});
