import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startBin } from "../../test-support/bin.js";
import { PERSISTENT_MODES } from "../../test-support/durable-modes.js";
import { settingsPath } from "../../test-support/store-faults.js";
import { SANDBOX_API_KEY } from "../fixtures/ids.js";

// A sandbox (a child process) takes writes 32 at a time, from two tenants, and is killed with SIGKILL once a
// good number was acknowledged; after a restart on the same store every acknowledged write is there. Three
// rounds per mode, on the same store, each with a new tenant beside the default one.
const IN_FLIGHT = 32;
const ROUNDS = 3;
/** Acknowledged writes before the kill: enough that groups of them were committed together. */
const KILL_AT = 200;

function post(agent: Agent, base: string, key: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(settingsPath, base),
      {
        method: "POST",
        agent,
        headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

async function json(
  base: string,
  method: string,
  path: string,
  key: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(path, base), { method, headers: { Authorization: `apikey ${key}` } });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

describe.each(PERSISTENT_MODES)("SIGKILL with 32 writes in flight, $name", (mode) => {
  it(`loses no acknowledged write (${ROUNDS} rounds)`, async () => {
    const store = await mode.create();
    const args = ["sandbox", "--port", "0", "--task-delay", "3600000", ...store.flags];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const first = await startBin(args);
        const tenant = (await json(first.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY))
          .api_key as string;
        const keys = [SANDBOX_API_KEY, tenant];
        const acknowledged = new Map<string, string[]>(keys.map((k) => [k, []]));
        let count = 0;
        let reached!: () => void;
        const enough = new Promise<void>((resolve) => {
          reached = resolve;
        });
        const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
        let killed = false;
        const workers = Array.from({ length: IN_FLIGHT }, async (_, w) => {
          const key = keys[w % keys.length] as string;
          for (let n = 0; !killed; n++) {
            const email = `r${round}-w${w}-n${n}@example.com`;
            let status: number;
            try {
              status = await post(agent, first.url, key, { notification_type: "failed_login", email });
            } catch {
              return; // the server is gone: this write's outcome is unknown
            }
            expect(status).toBe(201);
            acknowledged.get(key)?.push(email);
            if (++count >= KILL_AT) reached();
          }
        });
        await Promise.race([enough, Promise.all(workers)]);
        first.child.kill("SIGKILL");
        killed = true;
        await Promise.all(workers);
        agent.destroy();
        expect(count).toBeGreaterThanOrEqual(KILL_AT);

        const second = await startBin(args);
        try {
          for (const key of keys) {
            const state = await json(second.url, "GET", "/__sandbox/state", key);
            const stored = new Set((state.notificationSettings as { email: string }[]).map((s) => s.email));
            expect((acknowledged.get(key) ?? []).filter((email) => !stored.has(email))).toEqual([]);
          }
        } finally {
          second.child.kill("SIGKILL");
        }
      }
    } finally {
      await store.remove();
    }
  });
});
