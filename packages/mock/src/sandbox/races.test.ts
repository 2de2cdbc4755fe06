// Races the pipeline must win, through HTTP on a sandbox whose commits go to a recording backend: a tenant
// evicted while its request body is still arriving, and concurrent writes whose commits take a while.
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxRequest, sleep } from "../test-support/sandbox.js";
import type { CommitBatch, StateBackend } from "./durable/backend.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { type Listening, listen } from "./http/listen.js";
import { createSandboxHandler, type SandboxOptions } from "./server.js";

/** A backend that keeps every batch it is given, each commit taking `delayMs`. */
function recordingBackend(delayMs: number): StateBackend & { batches: CommitBatch[] } {
  const batches: CommitBatch[] = [];
  return {
    name: "recording",
    batches,
    load: async () => [],
    commit: async (batch) => {
      await sleep(delayMs);
      batches.push(batch);
      return { refused: [] };
    },
    close: async () => {},
  };
}

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: SandboxOptions, backend: StateBackend) {
  const sandbox = createSandboxHandler({ taskDelayMs: 60_000, ...options }, { backend, loaded: [] });
  server = await listen(sandbox.handler);
  return { ...sandbox, url: server.url };
}

const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const committedGroups = (batches: CommitBatch[]) =>
  batches.flatMap((b) =>
    b.tenants.flatMap((t) =>
      t.rows.filter((r) => r.kind === "securityGroups").map((r) => JSON.parse(r.json)),
    ),
  );

describe("a tenant evicted while its body is arriving", () => {
  it("fails the call with 401 and writes nothing anywhere", async () => {
    const backend = recordingBackend(0);
    let now = Date.now();
    const sandbox = await start({ tenantIdleMs: 1000, now: () => now }, backend);
    const created = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(created.status).toBe(201);
    const key: string = created.body.api_key;
    const body = JSON.stringify({ name: "mid-body", tags: { written: "yes" } });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${sandbox.url}${groupPath}`,
        {
          method: "PATCH",
          headers: {
            Authorization: `apikey ${key}`,
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      // Once the first tenant has been idle past --tenant-idle (its call pinned it before the body came), a
      // second creation evicts it.
      setTimeout(async () => {
        now += 5000;
        const second = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
        expect(second.status).toBe(201);
        req.end(body.slice(10));
      }, 50);
    });
    const res = await answer;
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toMatchObject({ exception_class: "TenantEvicted" });
    expect(committedGroups(backend.batches).some((g) => g.name === "mid-body")).toBe(false);
    const defaultGroup = sandbox.store.snapshot().securityGroups.find((g) => g.id === F.securityGroupId);
    expect(defaultGroup?.name).not.toBe("mid-body");
  });
});

describe("8 concurrent PATCHes of one group, each commit taking 20 ms", () => {
  it("each answer shows its own revision_number, unique, and equal to what was committed for it", async () => {
    const backend = recordingBackend(20);
    const sandbox = await start({}, backend);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sandboxRequest(sandbox.url, "PATCH", groupPath, SANDBOX_API_KEY, { tags: { [`writer-${i}`]: "x" } }),
      ),
    );
    for (const a of answers) expect(a.status).toBe(200);
    const answered = answers.map((a) => a.body.revision_number as number);
    expect(new Set(answered).size).toBe(8);
    const committed = committedGroups(backend.batches)
      .filter((g) => g.id === F.securityGroupId)
      .map((g) => g.revision_number as number);
    expect(committed.sort()).toEqual([...answered].sort());
    // Each answer's tags are those its own write left: its tag, and none of the writers after it.
    for (const a of answers) {
      const own = a.body.tags_v2.filter((t: { key: string }) => t.key.startsWith("writer-"));
      expect(own).toHaveLength(a.body.revision_number - Math.min(...answered) + 1);
    }
  });
});
