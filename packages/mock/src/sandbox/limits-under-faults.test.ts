// The per-tenant limits (tags per group, objects per collection) when something goes wrong, through HTTP on
// real servers: the PostgreSQL store stopped while a tenant is at or next to its limit, and a tenant evicted
// while a call at its limit is under way. The sandboxes run in this process: had one died, the run would fail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSandbox } from "../control-client/sandbox-control.js";
import {
  holdTenantRow,
  refusedCommits,
  startPostgres,
  type ThrowawayPostgres,
  tenantIdOf,
  tenantLockWaits,
} from "../test-support/postgres.js";
import { eventually, openBodyRequest, sandboxRequest, sleep } from "../test-support/sandbox.js";
import { checkOutage, groupPath, settingsPath } from "../test-support/store-faults.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";
import { type RunningSandbox, type SandboxOptions, startSandbox, TENANT_DEFAULTS } from "./server.js";

const TAG_LIMIT = 5;
const OBJECT_LIMIT = 6;
const LIMITS = { maxTagsPerGroup: TAG_LIMIT, maxObjectsPerCollection: OBJECT_LIMIT };

const running: RunningSandbox[] = [];
/** Stops every sandbox started so far (before the database they use). */
async function stopAll() {
  await Promise.all(running.splice(0).map((s) => s.stop().catch(() => undefined)));
}
afterAll(stopAll);
async function start(options: SandboxOptions) {
  const sandbox = await startSandbox({ validateResponses: true, ...LIMITS, ...options });
  running.push(sandbox);
  return sandbox;
}

/** The user tag keys (read-only ones left out) and the name of the default group, as the tenant of `key` holds it. */
async function groupOf(url: string, key: string) {
  const state = await sandboxRequest(url, "GET", "/__sandbox/state", key);
  expect(state.status).toBe(200);
  const group = (
    state.body.securityGroups as {
      id: string;
      name: string;
      tags_v2: { key: string; read_only: boolean }[];
    }[]
  ).find((g) => g.id === F.securityGroupId);
  return { name: group?.name, tags: group?.tags_v2.filter((t) => !t.read_only).map((t) => t.key) };
}

/** The e-mails of the tenant's notification settings. */
async function settingsOf(url: string, key: string): Promise<string[]> {
  const state = await sandboxRequest(url, "GET", "/__sandbox/state", key);
  expect(state.status).toBe(200);
  return (state.body.notificationSettings as { email: string }[]).map((s) => s.email).sort();
}

const patchTags = (url: string, key: string, body: unknown) =>
  sandboxRequest(url, "PATCH", groupPath, key, body);
const addSetting = (url: string, key: string, email: string) =>
  sandboxRequest(url, "POST", settingsPath, key, { notification_type: "failed_login", email });

/** A 400 of the limit in the service's error shape. */
function expectLimitRefusal(answer: { status: number; body: { message?: string } }, what: RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.body.message).toMatch(what);
}

/** A 503 as the spec documents it during an outage: Retry-After, the service's shape, no internals. */
function expectOutage(answer: { status: number; headers: Headers; body: unknown }) {
  expect(answer.status).toBe(503);
  expect(checkOutage(answer.status, answer.headers, JSON.stringify(answer.body))).toBeUndefined();
  expect(Object.keys(answer.body as object)).toContain("message");
}

describe("limits while the PostgreSQL store is down", () => {
  let postgres: ThrowawayPostgres;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    postgres = await startPostgres();
    sandbox = await start({ databaseUrl: postgres.url, tenantIdleMs: TENANT_DEFAULTS.tenantIdleMs });
  });
  afterAll(async () => {
    await stopAll();
    await postgres?.stop();
  });

  /** A new tenant whose settings fill all places but one; its key and its settings' e-mails. */
  async function tenantOneShort() {
    const { key } = await connectSandbox(sandbox.url).tenant();
    const seeded = (await settingsOf(sandbox.url, key)).length;
    for (let i = seeded; i < OBJECT_LIMIT - 1; i++) {
      expect((await addSetting(sandbox.url, key, `kept-${i}@example.com`)).status).toBe(201);
    }
    const before = await settingsOf(sandbox.url, key);
    expect(before).toHaveLength(OBJECT_LIMIT - 1);
    return { key, before };
  }

  /**
   * Nothing of the failed adds is kept: the settings are as `before`, exactly one more add fits, the next is the
   * limit's 400, and a replica started now reads the same.
   */
  async function expectOneMoreFits(key: string, before: string[]) {
    expect(await settingsOf(sandbox.url, key)).toEqual(before);
    expect((await addSetting(sandbox.url, key, "after-1@example.com")).status).toBe(201);
    expectLimitRefusal(
      await addSetting(sandbox.url, key, "after-2@example.com"),
      new RegExp(`at most ${OBJECT_LIMIT} notificationSettings per tenant`),
    );
    const fresh = await start({ databaseUrl: postgres.url, tenantIdleMs: TENANT_DEFAULTS.tenantIdleMs });
    expect(await settingsOf(fresh.url, key)).toEqual([...before, "after-1@example.com"].sort());
  }

  /** Stops the database around `during`, then waits until the sandbox reads through it again. */
  async function withStoreDown(key: string, during: () => Promise<void>) {
    postgres.halt();
    try {
      await during();
    } finally {
      postgres.resume();
    }
    await eventually(async () => {
      const read = await sandboxRequest(sandbox.url, "GET", "/__sandbox/state", key);
      return read.status === 200 ? true : undefined;
    });
  }

  it("a group at its tag limit: changes during the outage are a 503, afterwards the group is as it was and the limit still answers 400", async () => {
    const { key } = await connectSandbox(sandbox.url).tenant();
    // The seeded group has two user tags: three more reach the limit.
    expect((await patchTags(sandbox.url, key, { tags: { a: "1", b: "2", c: "3" } })).status).toBe(200);
    const before = await groupOf(sandbox.url, key);
    expect(before.tags).toHaveLength(TAG_LIMIT);

    await withStoreDown(key, async () => {
      // Beyond the limit, and a replacement that stays within it: neither can be judged without the store.
      expectOutage(await patchTags(sandbox.url, key, { tags: { d: "4" }, name: "beyond" }));
      expectOutage(await patchTags(sandbox.url, key, { tags: { a: null, e: "5" }, name: "within" }));
    });

    expect(await groupOf(sandbox.url, key)).toEqual(before);
    expectLimitRefusal(
      await patchTags(sandbox.url, key, { tags: { d: "4" }, name: "beyond" }),
      new RegExp(`at most ${TAG_LIMIT} user tags; this change leaves ${TAG_LIMIT + 1}`),
    );
    // A replica that reads everything from the database holds the same group.
    const fresh = await start({ databaseUrl: postgres.url, tenantIdleMs: TENANT_DEFAULTS.tenantIdleMs });
    expect(await groupOf(fresh.url, key)).toEqual(before);
    // The limit lets a replacement through once the store is back.
    const replaced = await patchTags(sandbox.url, key, { tags: { a: null, e: "5" } });
    expect(replaced.status).toBe(200);
  });

  it("a collection one short of its limit: adds answered 503 take no room, so afterwards exactly one more fits", async () => {
    const { key, before } = await tenantOneShort();

    await withStoreDown(key, async () => {
      // Two adds: had the first kept its place, the second would be beyond the limit.
      expectOutage(await addSetting(sandbox.url, key, "outage-1@example.com"));
      expectOutage(await addSetting(sandbox.url, key, "outage-2@example.com"));
    });

    await expectOneMoreFits(key, before);
  });

  /**
   * A new tenant one setting short of its limit sends four adds together while every COMMIT is refused: they
   * gather in one write group, so the first takes the last place and the others are judged against it, until
   * the COMMIT fails and it is rolled back. Returns the settings before and the four answers.
   */
  async function addTogetherWhileCommitsFail() {
    const { key, before } = await tenantOneShort();
    const id = await tenantIdOf(postgres.url, key);
    if (id === undefined) throw new Error("the tenant is not stored");
    const commits = await refusedCommits(postgres.url, 0.2);
    try {
      await commits.refuse();
      // The tenant's row held by the test, the adds gather in one write group waiting for it.
      const row = await holdTenantRow(postgres.url, id);
      const sent = Promise.all(
        Array.from({ length: 4 }, (_, i) => addSetting(sandbox.url, key, `refused-${i}@example.com`)),
      );
      await tenantLockWaits(postgres.url, id);
      await sleep(200);
      await row.release();
      return { key, before, answers: await sent };
    } finally {
      await commits.allow();
      await commits.remove();
    }
  }

  it("concurrent adds one short of the limit, their commit refused: each is a 503 (none a 400 of a limit never reached), none keeps a place, afterwards exactly one more fits", async () => {
    const { key, before, answers } = await addTogetherWhileCommitsFail();
    // The later adds were judged against the first one's place, which its failed COMMIT gave back.
    for (const answer of answers) expectOutage(answer);

    await expectOneMoreFits(key, before);
  });
});

describe("a tenant evicted while a call at its limit is under way", () => {
  /** The sandbox's wall clock, moved by the test. */
  let wall = 1_000_000;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // One tenant at most: the next creation after the idle time takes the evicted tenant's place.
    sandbox = await start({ maxTenants: 1, tenantIdleMs: 1_000, now: () => wall });
  });

  /** A call whose body arrives in two pieces: the second only after `between()` ran. */
  function callInTwoPieces(
    method: string,
    path: string,
    key: string,
    body: unknown,
    between: () => Promise<void>,
  ) {
    const text = JSON.stringify(body);
    return new Promise<{ status: number; body: { message?: string; exception_class?: string } }>(
      (resolve, reject) => {
        const req = openBodyRequest(sandbox.url, method, path, key, Buffer.byteLength(text), (res) => {
          let answer = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            answer += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(answer) }));
        });
        req.on("error", reject);
        req.write(text.slice(0, 5));
        // The call was authenticated when its headers came; the rest of the body follows the eviction.
        sleep(200)
          .then(between)
          .then(() => req.end(text.slice(5)), reject);
      },
    );
  }

  it.each([
    {
      limit: "tags per group",
      fill: async (key: string) => {
        expect((await patchTags(sandbox.url, key, { tags: { a: "1", b: "2", c: "3" } })).status).toBe(200);
      },
      call: ["PATCH", groupPath, { tags: { d: "4" }, name: "beyond" }] as const,
      beyond: new RegExp(`at most ${TAG_LIMIT} user tags`),
      // The cloud service's error shape names the exception; IAM's holds the message alone.
      shape: { exception_class: "TenantEvicted" },
    },
    {
      limit: "objects per collection",
      fill: async (key: string) => {
        const seeded = (await settingsOf(sandbox.url, key)).length;
        for (let i = seeded; i < OBJECT_LIMIT; i++) {
          expect((await addSetting(sandbox.url, key, `kept-${i}@example.com`)).status).toBe(201);
        }
      },
      call: [
        "POST",
        settingsPath,
        { notification_type: "failed_login", email: "beyond@example.com" },
      ] as const,
      beyond: new RegExp(`at most ${OBJECT_LIMIT} notificationSettings per tenant`),
      shape: {},
    },
  ])(
    "$limit: the call is a 401 TenantEvicted, the next tenant starts from the fixtures",
    async ({ fill, call, beyond, shape }) => {
      // The sandbox holds one tenant: the one before, idle now, gives its place to the next.
      wall += 5_000;
      const control = connectSandbox(sandbox.url);
      const fixtures = await control.tenant();
      const seeded = {
        group: await groupOf(sandbox.url, fixtures.key),
        settings: await settingsOf(sandbox.url, fixtures.key),
      };
      wall += 5_000;
      const { key } = await control.tenant();
      await fill(key);
      // At the limit the call is refused with the limit's 400 while the tenant lives.
      const [method, path, body] = call;
      expectLimitRefusal(await sandboxRequest(sandbox.url, method, path, key, body), beyond);

      let next = "";
      const answer = await callInTwoPieces(method, path, key, body, async () => {
        wall += 5_000;
        const created = await sandboxRequest(sandbox.url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
        expect(created.status).toBe(201);
        next = created.body.api_key;
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        ...shape,
        message: expect.stringMatching(/evicted while the call was under way/),
      });

      // The evicted key stays a 401 that says so; the tenant in its place holds the fixtures, with all their room.
      const again = await sandboxRequest(sandbox.url, method, path, key, body);
      expect(again.status).toBe(401);
      expect(again.body).toMatchObject({ ...shape, message: expect.stringMatching(/evicted/) });
      expect(await groupOf(sandbox.url, next)).toEqual(seeded.group);
      expect(await settingsOf(sandbox.url, next)).toEqual(seeded.settings);
      expect((await sandboxRequest(sandbox.url, method, path, next, body)).status).toBeLessThan(300);
      // The process serves on, the default world untouched.
      expect(await groupOf(sandbox.url, SANDBOX_API_KEY)).toEqual(seeded.group);
      expect(await settingsOf(sandbox.url, SANDBOX_API_KEY)).toEqual(seeded.settings);
    },
  );
});
