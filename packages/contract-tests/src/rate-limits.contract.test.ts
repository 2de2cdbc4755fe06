// Rate limits: with the sandbox's limits switched on (control API), the call beyond a service's stated
// `x-rate-limit` is a documented 429 with `Retry-After`, and the client's retry waits that long and then gets
// through. The tenant's clock stands still and moves only by the wait the client reports, so the verdict never
// depends on the machine's speed.
import { type CloudClientLogEvent, createCloudClient } from "@cloud-contract/client";
import { connectSandbox, type SandboxTenant } from "@cloud-contract/mock";
import { describe, expect, it, type TestContext } from "vitest";
import { needSandboxControl } from "./suite/gates.js";
import { useHarness } from "./suite/harness.js";

const h = useHarness();
const ACTIVE = "/cloud/v1/tasks/{project_id}/{region_id}/active";

/** A tenant of the target's sandbox with its clock stopped and its rate limits on; the cloud service's limit. */
async function limitedTenant(
  t: TestContext,
): Promise<{ tenant: SandboxTenant; limit: number; windowS: number }> {
  needSandboxControl(t, h.ctx, "rate limits and the clock");
  const tenant = await connectSandbox(h.ctx.baseUrl, { apiKey: h.ctx.apiKey }).tenant();
  await tenant.clock.manual();
  const { limits } = await tenant.rateLimits.set(true);
  const stated = h.judge.model.operation("listActiveTasks").rateLimit;
  const cloud = limits.find((l) => l.scope === stated?.scope);
  if (!stated || !cloud) throw new Error("the spec states no rate limit for listActiveTasks");
  expect(cloud).toMatchObject({ requests: stated.requests, window_seconds: stated.windowSeconds });
  return { tenant, limit: cloud.requests, windowS: cloud.window_seconds };
}

describe(`rate limits (${h.label("listActiveTasks")})`, () => {
  it("answer the call beyond the stated limit 429 with Retry-After, as documented", async (t) => {
    const { tenant, limit, windowS } = await limitedTenant(t);
    const client = h.clientWithAuthorization(`apikey ${tenant.key}`);
    const path = { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id };
    for (let i = 0; i < limit; i++) await h.ok("listActiveTasks", client.GET(ACTIVE, { params: { path } }));
    const refused = await h.check("listActiveTasks", client.GET(ACTIVE, { params: { path } }));
    expect(refused.verdict.violations).toEqual([]);
    expect(refused.status).toBe(429);
    expect(refused.result.response.headers.get("retry-after")).toBe(String(windowS));
    expect(refused.result.response.headers.get("x-request-id")).toBeTruthy();
  });

  it("are waited out by the client's retry, for as long as Retry-After says", async (t) => {
    const { tenant, limit, windowS } = await limitedTenant(t);
    const path = { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id };
    const events: CloudClientLogEvent[] = [];
    // The client's wait moves the stopped clock by as much (before the next attempt is sent), and no more.
    let advanced: Promise<unknown> = Promise.resolve();
    let waitStarted = 0;
    const sent: number[] = [];
    const client = createCloudClient({
      baseUrl: h.ctx.baseUrl,
      apiKey: tenant.key,
      retry: { maxRetries: 1 },
      logger: (event) => {
        events.push(event);
        if (event.type !== "retry") return;
        waitStarted = performance.now();
        advanced = tenant.clock.advance(event.delayMs);
      },
      fetch: async (request) => {
        await advanced;
        sent.push(performance.now());
        return fetch(request);
      },
    });
    const filler = h.clientWithAuthorization(`apikey ${tenant.key}`);
    for (let i = 0; i < limit; i++) await h.ok("listActiveTasks", filler.GET(ACTIVE, { params: { path } }));
    const answer = await h.check("listActiveTasks", client.GET(ACTIVE, { params: { path } }));
    expect(answer.verdict.violations).toEqual([]);
    expect(answer.status).toBe(200);
    const retries = events.filter((e) => e.type === "retry");
    expect(retries).toEqual([expect.objectContaining({ reason: "status 429", delayMs: windowS * 1000 })]);
    // The second attempt left no sooner than the wait asked for (timers never fire early by more than 1 ms).
    expect(sent).toHaveLength(2);
    expect((sent[1] as number) - waitStarted).toBeGreaterThanOrEqual(windowS * 1000 - 1);
    // The journal saw the 429, then the retried call answered Retry-After later on the tenant's clock.
    const calls = (await tenant.journal()).filter((e) => e.operation_id === "listActiveTasks").slice(-2);
    expect(calls.map((e) => e.status)).toEqual([429, 200]);
    const [refusedAt, passedAt] = calls.map((e) => Date.parse(e.at));
    expect((passedAt as number) - (refusedAt as number)).toBe(windowS * 1000);
  });
});
