// Races the pipeline must win, through HTTP on a sandbox whose commits go to a recording backend: a tenant
// evicted while its request body is still arriving, concurrent writes whose commits take a while, and a large
// patch worked in turns whose tenant is evicted, whose client leaves or whose commit is refused midway (it is
// rolled back).
import { afterEach, describe, expect, it } from "vitest";
import { openBodyRequest, sandboxRequest, sleep } from "../test-support/sandbox.js";
import type { CommitBatch, StateBackend } from "./durable/backend.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { type Listening, listen } from "./http/listen.js";
import { manyTags, ROOM_FOR_MANY_TAGS } from "./large-inputs.js";
import { createSandboxHandler, type SandboxOptions } from "./server.js";

/** A backend that keeps every batch it is given, each commit taking `delayMs`; while `down`, commits fail. */
function recordingBackend(delayMs: number): StateBackend & { batches: CommitBatch[]; down: boolean } {
  const batches: CommitBatch[] = [];
  const backend = {
    name: "recording",
    batches,
    down: false,
    load: async () => [],
    commit: async (batch: CommitBatch) => {
      await sleep(delayMs);
      if (backend.down) throw new Error("ENOSPC: no space left on device");
      batches.push(batch);
      return { refused: [] };
    },
    close: async () => {},
  };
  return backend;
}

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: SandboxOptions, backend: StateBackend) {
  const sandbox = createSandboxHandler(
    { taskDelayMs: 60_000, maxTagsPerGroup: ROOM_FOR_MANY_TAGS, ...options },
    { backend, loaded: [] },
  );
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
      const req = openBodyRequest(sandbox.url, "PATCH", groupPath, key, Buffer.byteLength(body), (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
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
  it("each answer shows its own revision_number, unique; the writes go in few commits, the last one's state stored", async () => {
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
    // The writers waiting while a commit runs share the next one, which holds the last state each group left.
    const committed = committedGroups(backend.batches)
      .filter((g) => g.id === F.securityGroupId)
      .map((g) => g.revision_number as number);
    expect(committed.length).toBeLessThan(8);
    expect(answered).toEqual(expect.arrayContaining(committed));
    expect(Math.max(...committed)).toBe(Math.max(...answered));
    // Each answer's tags are those its own write left: its tag, and none of the writers after it.
    for (const a of answers) {
      const own = a.body.tags_v2.filter((t: { key: string }) => t.key.startsWith("writer-"));
      expect(own).toHaveLength(a.body.revision_number - Math.min(...answered) + 1);
    }
  });
});

describe("a large patch worked in turns, going wrong midway", () => {
  const large = () => JSON.stringify({ name: "large", tags: manyTags(60_000) });
  /** Whether a committed group holds the large patch: all of it, and never a part. */
  const holdsLarge = (group: { name: string; tags_v2: { key: string }[] }) => {
    const count = group.tags_v2.filter((t) => /^t\d+$/.test(t.key)).length;
    expect([0, 60_000]).toContain(count);
    return group.name === "large" && count === 60_000;
  };
  const groupsIn = (batches: CommitBatch[]) =>
    committedGroups(batches).filter((g) => g.id === F.securityGroupId);

  it("its tenant evicted: 401 TenantEvicted, nothing committed, the next writes answered", async () => {
    const backend = recordingBackend(0);
    let now = Date.now();
    const sandbox = await start({ tenantIdleMs: 1000, now: () => now }, backend);
    const created = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    const key: string = created.body.api_key;
    const answer = fetch(`${sandbox.url}${groupPath}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" },
      body: large(),
    });
    await sleep(30); // the body is in, and being parsed in turns
    now += 5000;
    const second = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(second.status).toBe(201);
    const res = await answer;
    expect(res.status).toBe(401);
    expect((await res.json()).exception_class).toBe("TenantEvicted");
    expect(groupsIn(backend.batches).some(holdsLarge)).toBe(false);
    const next = await sandboxRequest(sandbox.url, "PATCH", groupPath, second.body.api_key, {
      name: "after",
    });
    expect(next.status).toBe(200);
  });

  it("its client gone: the process serves on, the tenant's next write is answered, nothing half-committed", async () => {
    const backend = recordingBackend(0);
    const sandbox = await start({}, backend);
    const body = large();
    await new Promise<void>((resolve) => {
      const req = openBodyRequest(sandbox.url, "PATCH", groupPath, SANDBOX_API_KEY, Buffer.byteLength(body));
      req.on("error", () => resolve());
      req.end(body, () => setTimeout(() => req.destroy(), 30));
    });
    const next = await sandboxRequest(sandbox.url, "PATCH", groupPath, SANDBOX_API_KEY, { name: "after" });
    expect(next.status).toBe(200);
    const groups = groupsIn(backend.batches);
    groups.forEach(holdsLarge);
    expect(groups.at(-1)?.name).toBe("after");
  });

  it("its commit refused: 503 with Retry-After, the process alive, the change rolled back and never written", async () => {
    const backend = recordingBackend(0);
    const sandbox = await start({}, backend);
    backend.down = true;
    const res = await fetch(`${sandbox.url}${groupPath}`, {
      method: "PATCH",
      headers: { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" },
      body: large(),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(JSON.stringify(await res.json())).not.toMatch(/ENOSPC/);
    backend.down = false;
    const next = await sandboxRequest(sandbox.url, "PATCH", groupPath, SANDBOX_API_KEY, {
      tags: { after: "yes" },
    });
    expect(next.status).toBe(200);
    expect(next.body.name).not.toBe("large");
    const groups = groupsIn(backend.batches);
    expect(groups.some(holdsLarge)).toBe(false);
    expect(groups.at(-1)?.tags_v2.some((t: { key: string }) => t.key === "after")).toBe(true);
  });
});

describe("a tenant created while the backing store is down", () => {
  it("answers 503 with Retry-After and keeps nothing: not counted, never stored, the next creation works", async () => {
    const backend = recordingBackend(0);
    const sandbox = await start({}, backend);
    backend.down = true;
    const refused = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(JSON.stringify(refused.body)).not.toMatch(/sbx_|ENOSPC/);
    expect(sandbox.tenants.size).toBe(0);
    backend.down = false;
    const write = await sandboxRequest(sandbox.url, "PATCH", groupPath, SANDBOX_API_KEY, { name: "after" });
    expect(write.status).toBe(200);
    expect(backend.batches.some((b) => b.tenants.some((t) => t.record !== undefined))).toBe(false);
    const created = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    expect(created.status).toBe(201);
    expect(sandbox.tenants.size).toBe(1);
    expect(backend.batches.filter((b) => b.tenants.some((t) => t.record !== undefined))).toHaveLength(1);
  });
});
