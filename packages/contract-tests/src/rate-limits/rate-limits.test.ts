// Rate limits on a sandbox: with its limits switched on (control API), the call beyond a service's stated
// `x-rate-limit` is a documented 429 with `Retry-After`, and the client's retry waits that long and then gets
// through. The tenant's clock stands still and moves only by the wait the client reports, so the verdict never
// depends on the machine's speed. (The contract suite itself sends only the API's own calls, so that its runs
// can be recorded and replayed: this check steers the sandbox, and runs here.)
import { type CloudClientLogEvent, createCloudClient } from "@cloud-contract/client";
import { connectSandbox, type RunningSandbox, type SandboxTenant, startSandbox } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const model = loadDocument();
const ACTIVE = "/cloud/v1/tasks/{project_id}/{region_id}/active";

let sandbox: RunningSandbox | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, validateResponses: true });
});
afterAll(async () => {
  await sandbox?.stop();
});

/** A tenant with its clock stopped and its rate limits on; the limit the spec states for listActiveTasks. */
async function limitedTenant(): Promise<{ tenant: SandboxTenant; limit: number; windowS: number }> {
  const tenant = await connectSandbox(sandbox?.url as string).tenant();
  await tenant.clock.manual();
  const { limits } = await tenant.rateLimits.set(true);
  const stated = model.operation("listActiveTasks").rateLimit;
  const enforced = limits.find((l) => l.scope === stated?.scope);
  if (!stated || !enforced) throw new Error("the spec states no rate limit for listActiveTasks");
  expect(enforced).toMatchObject({ requests: stated.requests, window_seconds: stated.windowSeconds });
  return { tenant, limit: stated.requests, windowS: stated.windowSeconds };
}

/** A client of the tenant that sends each request once. */
const onceClient = (key: string) =>
  createCloudClient({ baseUrl: sandbox?.url as string, apiKey: key, retry: false });

/** `n` calls of listActiveTasks that must each pass. */
async function useUp(key: string, n: number, path: { project_id: number; region_id: number }) {
  const client = onceClient(key);
  for (let i = 0; i < n; i++) {
    const { response } = await client.GET(ACTIVE, { params: { path } });
    expect(response.status).toBe(200);
  }
}

describe(`rate limits (listActiveTasks, the cloud service's x-rate-limit)`, () => {
  it("answer the call beyond the stated limit 429 with Retry-After, as the spec documents it", async () => {
    const { tenant, limit, windowS } = await limitedTenant();
    const path = { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id };
    await useUp(tenant.key, limit, path);
    const { response, error } = await onceClient(tenant.key).GET(ACTIVE, { params: { path } });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe(String(windowS));
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const verdict = model.checkResponse("listActiveTasks", 429, response.headers.get("content-type"), error);
    expect(verdict.violations).toEqual([]);
  });

  it("are waited out by the client's retry, for as long as Retry-After says", async () => {
    const { tenant, limit, windowS } = await limitedTenant();
    const path = { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id };
    const events: CloudClientLogEvent[] = [];
    // The client's wait moves the stopped clock by as much (before the next attempt is sent), and no more.
    let advanced: Promise<unknown> = Promise.resolve();
    let waitStarted = 0;
    const sent: number[] = [];
    const client = createCloudClient({
      baseUrl: sandbox?.url as string,
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
    await useUp(tenant.key, limit, path);
    const { response } = await client.GET(ACTIVE, { params: { path } });
    expect(response.status).toBe(200);
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
