import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type ThrowawayPostgres } from "../../test-support/postgres.js";
import { eventually, sandboxRequest } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../fixtures/ids.js";
import { type RunningSandbox, startSandbox } from "../server.js";

const PATCHES = 200;
const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;

const call = (sandbox: RunningSandbox, method: string, path: string, key: string, body?: unknown) =>
  sandboxRequest(sandbox.url, method, path, key, body);

interface Group {
  id: string;
  name: string;
  revision_number: number;
  tags_v2: { key: string; value: string }[];
}

const groupOf = async (sandbox: RunningSandbox, key: string): Promise<Group> => {
  const state = await call(sandbox, "GET", "/__sandbox/state", key);
  const group = (state.body.securityGroups as Group[]).find((g) => g.id === F.securityGroupId);
  if (!group) throw new Error("no group");
  return group;
};

describe("two replicas on one PostgreSQL", () => {
  let postgres: ThrowawayPostgres;
  let a: RunningSandbox;
  let b: RunningSandbox;
  beforeAll(async () => {
    postgres = await startPostgres();
    const options = { databaseUrl: postgres.url, taskDelayMs: 300, validateResponses: true };
    [a, b] = await Promise.all([startSandbox(options), startSandbox(options)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await postgres?.stop();
  });

  it("creates a task through A and polls it to FINISHED through B", async () => {
    const created = await call(
      a,
      "POST",
      `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`,
      SANDBOX_API_KEY,
      {
        flavor: F.bareMetalFlavor,
        image_id: F.imageId,
        interfaces: [{ type: "external" }],
      },
    );
    expect(created.status).toBe(200);
    const taskId = (created.body.tasks as string[])[0] as string;
    const first = await call(b, "GET", `/cloud/v1/tasks/${taskId}`, SANDBOX_API_KEY);
    expect(first.status).toBe(200);
    const finished = await eventually(async () => {
      const task = await call(b, "GET", `/cloud/v1/tasks/${taskId}`, SANDBOX_API_KEY);
      return task.body.state === "FINISHED" ? task.body : undefined;
    });
    expect(finished.created_resources).toMatchObject({ instances: [expect.any(String)] });
  });

  it("a tenant created through A works through B", async () => {
    const tenant = await call(a, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
    const key = tenant.body.api_key as string;
    expect((await call(b, "PATCH", groupPath, key, { name: "via-b" })).status).toBe(200);
    expect((await groupOf(a, key)).name).toBe("via-b");
  });

  it(`${PATCHES} concurrent tag PATCHes split across A and B: revision +${PATCHES}, every tag kept`, async () => {
    const before = await groupOf(a, SANDBOX_API_KEY);
    const statuses = await Promise.all(
      Array.from({ length: PATCHES }, (_, i) =>
        call(i % 2 === 0 ? a : b, "PATCH", groupPath, SANDBOX_API_KEY, {
          tags: { [`r${i}`]: String(i) },
        }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const replica of [a, b]) {
      const after = await groupOf(replica, SANDBOX_API_KEY);
      expect(after.revision_number).toBe(before.revision_number + PATCHES);
      const keys = new Set(after.tags_v2.map((t) => t.key));
      for (let i = 0; i < PATCHES; i++) expect(keys.has(`r${i}`)).toBe(true);
    }
  });
});
