// Seeded chaos through HTTP: faults by chance (the same seed spoils the same calls after a reset), of a service
// or of every operation, inside a window of the tenant's clock, and with waits drawn from a distribution. Every
// spoiled answer is still one the operation documents (the sandbox checks its own answers).
import { describe, expect, it } from "vitest";
import { connectSandbox } from "../../control-client/sandbox-control.js";
import { sandboxRequest, useSandbox } from "../../test-support/sandbox.js";
import { SANDBOX_FIXTURES as F } from "../fixtures/ids.js";
import { decide } from "./chance.js";

const ctx = useSandbox();
const ACTIVE = `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`;
const PLAN = "/billing/org/v1/plans/contents";
const CDN = `/cdn/resources/${F.cdnResourceId}`;

const call = (method: string, path: string, key: string, body?: unknown) =>
  sandboxRequest(ctx.sandbox.url, method, path, key, body);
const tenant = () => connectSandbox(ctx.sandbox.url).tenant();
const statuses = async (key: string, count: number) => {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await call("GET", ACTIVE, key)).status);
  return out;
};

describe("a fault with a probability and a seed", () => {
  const chance = {
    operation_id: "listActiveTasks",
    kind: "status",
    status: 503,
    probability: 0.5,
    seed: 42,
    times: 1000,
  } as const;

  it("spoils some of 40 calls, and the same 40 again after a reset", async () => {
    const t = await tenant();
    const armed = await call("POST", "/__sandbox/faults", t.key, chance);
    expect(armed.status).toBe(201);
    const first = await statuses(t.key, 40);
    const spoiled = first.filter((s) => s === 503).length;
    expect(spoiled).toBeGreaterThanOrEqual(8);
    expect(spoiled).toBeLessThanOrEqual(32);
    expect(first.every((s) => s === 200 || s === 503)).toBe(true);
    expect(await t.faults.get(armed.body.id)).toMatchObject({ matched: 40, spoiled, times: 1000 - spoiled });

    await t.reset();
    await t.faults.add(chance);
    expect(await statuses(t.key, 40)).toEqual(first);
  });

  it("chooses a seed when given none and answers it, so the run can be repeated", async () => {
    const t = await tenant();
    const { seed, ...withoutSeed } = chance;
    const armed = await t.faults.add(withoutSeed);
    const first = await statuses(t.key, 20);
    await t.reset();
    await t.faults.add({ ...withoutSeed, seed: armed.seed });
    expect(await statuses(t.key, 20)).toEqual(first);
  });
});

describe("the scope of a fault", () => {
  it("of a service spoils its operations only", async () => {
    const t = await tenant();
    await t.faults.add({ service: "cdn", kind: "status", status: 503, times: 10 });
    expect((await call("GET", ACTIVE, t.key)).status).toBe(200);
    const res = await call("PATCH", CDN, t.key, { sslData: null, sslEnabled: false });
    expect(res.status).toBe(503);
    expect(res.body.message).toContain("Injected fault");
  });

  it("of every operation passes over those that do not document its status", async () => {
    const t = await tenant();
    // listPlanContents documents no 404; listActiveTasks does.
    await t.faults.add({ kind: "status", status: 404, times: 10 });
    expect((await call("GET", PLAN, t.key)).status).toBe(200);
    expect((await call("GET", ACTIVE, t.key)).status).toBe(404);
    expect(await t.faults.list()).toMatchObject([{ matched: 1, spoiled: 1, times: 9 }]);
  });
});

describe("a window on the tenant's clock", () => {
  it("spoils calls from `from` until `until` only, as a manual clock moves", async () => {
    const t = await tenant();
    const now = Date.parse((await t.clock.manual()).now);
    await t.faults.add({
      operation_id: "listActiveTasks",
      kind: "status",
      status: 503,
      times: 100,
      from: new Date(now + 60_000).toISOString(),
      until: new Date(now + 120_000).toISOString(),
    });
    expect((await call("GET", ACTIVE, t.key)).status).toBe(200);
    await t.clock.advance(60_000);
    expect((await call("GET", ACTIVE, t.key)).status).toBe(503);
    await t.clock.advance(60_000);
    expect((await call("GET", ACTIVE, t.key)).status).toBe(200);
    expect(await t.faults.list()).toMatchObject([{ matched: 1, spoiled: 1 }]);
  });
});

describe("a latency fault", () => {
  it("answers as usual after the wait its seed draws for each call", async () => {
    const t = await tenant();
    const armed = await t.faults.add({
      operation_id: "listActiveTasks",
      kind: "latency",
      latency: { p50_ms: 60, p99_ms: 200 },
      seed: 5,
      times: 3,
    });
    for (let match = 0; match < 3; match++) {
      const expected = decide(armed, match);
      if (!expected.spoils) throw new Error("a fault without a probability spoils every match");
      const started = performance.now();
      const res = await call("GET", ACTIVE, t.key);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(F.runningTaskIds.length);
      expect(performance.now() - started).toBeGreaterThanOrEqual(expected.waitMs - 1);
    }
  });
});
