import { Agent, request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { useSandbox } from "../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "./fixtures/ids.js";

// A load test bounded by count, not time: mixed requests, 64 at a time, over keep-alive connections, with the
// server checking every answer against the spec. Every request is answered, none with a 5xx, and no accepted
// write is lost. It prints its throughput and judges it nowhere (figures: `pnpm --filter @cloud-contract/mock
// bench`); the package's hang detector is its only time limit. The package's test run sends 4,000 requests
// (200 rounds of the 20-request mix); `pnpm test:stress` sets LOAD_TEST_REQUESTS=20000, the count that must
// hold on an oversubscribed machine.
const TOTAL = Number(process.env.LOAD_TEST_REQUESTS ?? 4_000);
if (!Number.isInteger(TOTAL) || TOTAL <= 0 || TOTAL % 20 !== 0)
  throw new Error(
    `LOAD_TEST_REQUESTS=${process.env.LOAD_TEST_REQUESTS}: a positive multiple of 20 (the mix's length)`,
  );
const CONCURRENCY = 64;

const ctx = useSandbox({ taskDelayMs: 20 });
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
afterAll(() => agent.destroy());

interface Reply {
  status: number;
  body: string;
}

function send(method: string, path: string, body?: string): Promise<Reply> {
  const url = new URL(path, ctx.sandbox.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `apikey ${SANDBOX_API_KEY}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const settingsPath = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
const groupPath = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;

/** The i-th request of the mix: reads, writes and some bad input. */
function nth(i: number): { method: string; path: string; body?: string; kind: string } {
  switch (i % 20) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return {
        kind: "post",
        method: "POST",
        path: settingsPath,
        body: JSON.stringify({
          notification_type: i % 40 < 20 ? "failed_login" : "deletion_request",
          email: `load${i}@acme.example`,
        }),
      };
    case 6:
    case 7:
      return {
        kind: "patch",
        method: "PATCH",
        path: groupPath,
        body: JSON.stringify({ tags: { [`k${i % 50}`]: String(i) } }),
      };
    case 8:
      return {
        kind: "bm",
        method: "POST",
        path: `/cloud/v1/bminstances/${F.projectId}/${F.regionId}`,
        body: JSON.stringify({
          flavor: F.bareMetalFlavor,
          image_id: F.imageId,
          interfaces: [{ type: "external" }],
        }),
      };
    case 9:
      return {
        kind: "bad",
        method: "POST",
        path: settingsPath,
        body: '{"notification_type": "failed_login", "email": ',
      };
    case 10:
      return {
        kind: "bad",
        method: "POST",
        path: settingsPath,
        body: JSON.stringify({ notification_type: "nope", email: "x" }),
      };
    case 11:
      return { kind: "read", method: "GET", path: `${settingsPath}?limit=20&offset=${i % 100}&ordering=-id` };
    case 12:
    case 13:
      return {
        kind: "read",
        method: "GET",
        path: "/billing/org/v1/plans/contents?limit=10&ordering=plan_id,-id&product_name=cloud",
      };
    case 14:
      return { kind: "read", method: "GET", path: `/cloud/v1/tasks/${F.finishedTaskId}` };
    default:
      return {
        kind: "read",
        method: "GET",
        path: `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active?limit=20`,
      };
  }
}

describe("under load", () => {
  it(`serves ${TOTAL} mixed requests, ${CONCURRENCY} at a time, with no 5xx and no lost write`, async () => {
    const startRevision = ctx.sandbox.state().securityGroups[0]?.revision_number as number;
    const statuses = new Map<string, number>();
    const accepted: { id: number; email: string }[] = [];
    let patched = 0;
    let next = 0;
    let answered = 0;
    const started = performance.now();

    const worker = async () => {
      while (next < TOTAL) {
        const job = nth(next++);
        const reply = await send(job.method, job.path, job.body);
        answered++;
        const key = `${job.kind} ${reply.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (job.kind === "post" && reply.status === 201) accepted.push(JSON.parse(reply.body));
        if (job.kind === "patch" && reply.status === 200) patched++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `load: ${answered} requests in ${seconds.toFixed(1)} s (${Math.round(answered / seconds)} req/s)`,
      Object.fromEntries(statuses),
    );

    expect(answered).toBe(TOTAL);
    const serverErrors = [...statuses].filter(([key]) => Number(key.split(" ")[1]) >= 500);
    expect(serverErrors).toEqual([]);
    // Malformed JSON and a body that breaks the schema: both 400 (the IAM reference documents no 422).
    expect([...statuses.keys()].filter((k) => k.startsWith("bad ")).sort()).toEqual(["bad 400"]);
    expect([...statuses.keys()].filter((k) => k.startsWith("post ")).sort()).toEqual(["post 201"]);

    // No lost write: every accepted setting is in the list, once, with the id it was given.
    const listed = await send("GET", settingsPath);
    const { count, results } = JSON.parse(listed.body) as {
      count: number;
      results: { id: number; email: string }[];
    };
    const byId = new Map(results.map((s) => [s.id, s]));
    expect(accepted.length).toBe(TOTAL * 0.3);
    for (const setting of accepted) expect(byId.get(setting.id)).toEqual(setting);
    expect(count).toBe(accepted.length + 2);
    expect(new Set(results.map((s) => s.id)).size).toBe(count);

    const group = ctx.sandbox.state().securityGroups[0];
    expect(group?.revision_number).toBe(startRevision + patched);
  });
});
