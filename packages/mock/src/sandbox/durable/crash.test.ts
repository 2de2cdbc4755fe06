import { Agent, request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startBin } from "../../test-support/bin.js";
import { DURABLE_MODES } from "../../test-support/durable-modes.js";
import { eventually } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";

// Floods a durable sandbox (a child process) with writes from several clients, kills it with SIGKILL in the
// middle, restarts it on the same store and checks that every answered change is there, whole.
const CLIENTS = 6;
/** The kill comes once this many changes were answered (counted, never timed), with requests in flight. */
const MIN_ANSWERED = 40;
const MAX_REQUESTS = 3000;

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
afterAll(() => agent.destroy());

function send(base: string, method: string, path: string, key: string, body?: unknown) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { method, agent, headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
            });
          } catch (error) {
            reject(error);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const settingsPath = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
const bareMetalPath = `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`;

interface Acknowledged {
  tags: Set<string>;
  settings: Map<string, number>;
  tasks: Set<string>;
}

interface State {
  securityGroups: { id: string; revision_number: number; tags_v2: { key: string }[] }[];
  notificationSettings: { id: number; email: string }[];
  tasks: { id: string; state: string }[];
}

describe.each(DURABLE_MODES)("crash safety, $name", (mode) => {
  it("keeps every answered change after SIGKILL mid-flood, none half-applied", async () => {
    const store = await mode.create();
    const args = ["sandbox", "--port", "0", "--task-delay", "3600000", ...store.flags];
    try {
      const first = await startBin(args);
      const tenant = await send(first.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
      const keys = [SANDBOX_API_KEY, tenant.body.api_key as string];
      const acked = keys.map(
        (): Acknowledged => ({ tags: new Set(), settings: new Map(), tasks: new Set() }),
      );
      const before = keys.map(() => 0);
      for (const [k, key] of keys.entries()) {
        const state = (await send(first.url, "GET", "/__sandbox/state", key)).body as unknown as State;
        before[k] = state.securityGroups.find((g) => g.id === F.securityGroupId)?.revision_number ?? 0;
      }

      let sent = 0;
      const clients = Array.from({ length: CLIENTS }, async (_, c) => {
        const k = c % keys.length;
        const key = keys[k] as string;
        const mine = acked[k] as Acknowledged;
        for (let n = 0; sent < MAX_REQUESTS; n++) {
          sent++;
          const label = `c${c}-n${n}`;
          try {
            if (n % 3 === 0) {
              const res = await send(first.url, "PATCH", groupPath, key, { tags: { [label]: "x" } });
              if (res.status === 200) mine.tags.add(label);
            } else if (n % 3 === 1) {
              const email = `${label}@example.com`;
              const res = await send(first.url, "POST", settingsPath, key, {
                notification_type: "failed_login",
                email,
              });
              if (res.status === 201) mine.settings.set(email, res.body.id as number);
            } else {
              const res = await send(first.url, "POST", bareMetalPath, key, {
                flavor: F.bareMetalFlavor,
                image_id: F.imageId,
                interfaces: [{ type: "external" }],
              });
              if (res.status === 200) mine.tasks.add((res.body.tasks as string[])[0] as string);
            }
          } catch {
            return; // the server is gone: this request's outcome is unknown
          }
        }
      });
      // Kill once a good share of the flood was answered, while the clients still send.
      const answeredSoFar = () =>
        acked.reduce((sum, a) => sum + a.tags.size + a.settings.size + a.tasks.size, 0);
      await eventually(async () =>
        answeredSoFar() >= MIN_ANSWERED || sent >= MAX_REQUESTS ? true : undefined,
      );
      first.child.kill("SIGKILL");
      await Promise.all(clients);
      const answered = answeredSoFar();
      expect(answered).toBeGreaterThanOrEqual(MIN_ANSWERED);

      const second = await startBin(args);
      try {
        for (const [k, key] of keys.entries()) {
          const res = await send(second.url, "GET", "/__sandbox/state", key);
          expect(res.status).toBe(200);
          const state = res.body as unknown as State;
          const mine = acked[k] as Acknowledged;
          const group = state.securityGroups.find((g) => g.id === F.securityGroupId);
          const floodTags = (group?.tags_v2 ?? []).map((t) => t.key).filter((t) => /^c\d+-n\d+$/.test(t));
          for (const tag of mine.tags) expect(floodTags).toContain(tag);
          // Each PATCH added one tag and one revision, in one row: the two always agree.
          expect((group?.revision_number ?? 0) - (before[k] ?? 0)).toBe(floodTags.length);
          const settings = new Map(state.notificationSettings.map((s) => [s.email, s.id]));
          for (const [email, id] of mine.settings) expect(settings.get(email)).toBe(id);
          expect(new Set(state.notificationSettings.map((s) => s.id)).size).toBe(
            state.notificationSettings.length,
          );
          const tasks = new Map(state.tasks.map((t) => [t.id, t.state]));
          for (const id of mine.tasks) expect(tasks.get(id)).toBe("RUNNING");
          // The id generators went on from where the stored changes left them: no id is handed out twice.
          const next = await send(second.url, "POST", bareMetalPath, key, {
            flavor: F.bareMetalFlavor,
            image_id: F.imageId,
            interfaces: [{ type: "external" }],
          });
          expect(tasks.has((next.body.tasks as string[])[0] as string)).toBe(false);
          const setting = await send(second.url, "POST", settingsPath, key, {
            notification_type: "failed_login",
            email: "after-restart@example.com",
          });
          expect(setting.status).toBe(201);
          expect(state.notificationSettings.map((s) => s.id)).not.toContain(setting.body.id);
        }
      } finally {
        second.child.kill("SIGTERM");
      }
    } finally {
      await store.remove();
    }
  });
});
