// The client against the real sandbox of @cloud-contract/mock, steered through its control API: each test
// has a tenant of its own, tasks move by the tenant's manual clock (the test never sleeps for them), and
// faults make the sandbox answer 503s and slow answers on demand.
import { connectSandbox, type RunningSandbox, type SandboxTenant, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { type CloudClientOptions, createCloudClient } from "./create-client.js";
import { AbortError, TimeoutError } from "./errors.js";
import { TaskFailedError, waitForTask } from "./tasks.js";

/** Long enough that no task finishes on the wall clock during a test: only the manual clock moves them. */
const TASK_DELAY_MS = 10 * 60_000;
let sandbox: RunningSandbox;
let t: SandboxTenant;
/** Requests the client sent, as `METHOD path`. */
let sent: string[];

beforeAll(async () => {
  sandbox = await startSandbox({ taskDelayMs: TASK_DELAY_MS, validateResponses: true });
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  t = await connectSandbox(sandbox.url).tenant();
  sent = [];
});

const clientFor = (options: Partial<CloudClientOptions> = {}) =>
  createCloudClient({
    baseUrl: sandbox.url,
    apiKey: t.key,
    fetch: (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
    ...options,
  });

async function createServer(client: ReturnType<typeof clientFor>): Promise<string> {
  const { data } = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
    params: { path: { project_id: t.ids.project_id, region_id: t.ids.region_id } },
    body: { flavor: t.ids.bare_metal_flavor, image_id: t.ids.image_id, interfaces: [{ type: "external" }] },
  });
  const id = data?.tasks[0];
  if (!id) throw new Error("no task id");
  return id;
}

describe("waitForTask on the sandbox", () => {
  it("resolves once the tenant's manual clock passes the task's end, not before", async () => {
    const client = clientFor();
    await t.clock.manual();
    const taskId = await createServer(client);
    let settled = false;
    const waiting = waitForTask(client, taskId, { intervalMs: 5, maxIntervalMs: 5 }).finally(() => {
      settled = true;
    });
    const polls = () => sent.filter((s) => s === `GET /cloud/v1/tasks/${taskId}`).length;
    await expect.poll(polls, { timeout: HANG_DETECTOR_MS }).toBeGreaterThanOrEqual(3);
    expect(settled).toBe(false);
    await t.clock.advance(TASK_DELAY_MS);
    const task = await waiting;
    expect(task.state).toBe("FINISHED");
    expect(task.created_resources?.instances).toHaveLength(1);
  });

  it("rejects with TaskFailedError when the task is completed as ERROR", async () => {
    const client = clientFor();
    await t.clock.manual();
    const taskId = await createServer(client);
    await t.tasks.complete(taskId, { state: "ERROR", error: "No capacity left in the region." });
    const failure = await waitForTask(client, taskId, { intervalMs: 5 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TaskFailedError);
    expect(failure).toMatchObject({ taskId, error: "No capacity left in the region." });
  });
});

describe("retries and timeouts against injected faults", () => {
  it("retries a GET through two 503s, waiting as Retry-After says", async () => {
    const client = clientFor({ retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    await t.faults.add({
      operation_id: "listActiveTasks",
      kind: "status",
      status: 503,
      times: 2,
      retry_after_s: 1,
    });
    const started = performance.now();
    const { data, response } = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
      params: { path: { project_id: t.ids.project_id, region_id: t.ids.region_id } },
    });
    expect(response.status).toBe(200);
    expect(data?.count).toBe(t.ids.running_task_ids.length);
    expect(sent).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(await t.faults.list()).toEqual([]);
  });

  it("does not retry a POST after a 503", async () => {
    const client = clientFor({ retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    await t.faults.add({ operation_id: "createBareMetalServers", kind: "status", status: 503, times: 2 });
    const tasksBefore = (await t.state()).tasks;
    const { error, response } = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
      params: { path: { project_id: t.ids.project_id, region_id: t.ids.region_id } },
      body: { flavor: t.ids.bare_metal_flavor, image_id: t.ids.image_id, interfaces: [{ type: "external" }] },
    });
    expect(response.status).toBe(503);
    expect(error?.message).toContain("Injected fault");
    expect(sent).toEqual([`POST /cloud/v1/bminstances/${t.ids.project_id}/${t.ids.region_id}`]);
    expect((await t.faults.list()).map((f) => f.times)).toEqual([1]);
    expect((await t.state()).tasks).toEqual(tasksBefore);
  });

  it.each([
    ["an answer delayed", { kind: "status", status: 503, delay_ms: 3_000 }],
    ["a body trickling", { kind: "slow_body", delay_ms: 3_000 }],
  ] as const)("times out on %s longer than timeoutMs", async (_, fault) => {
    const client = clientFor({ timeoutMs: 200, retry: false });
    await t.faults.add({ operation_id: "getTask", ...fault });
    const failure = await client
      .GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: t.ids.finished_task_id } } })
      .catch((error: unknown) => error);
    // The fault answers (a 503) after 3 s: a TimeoutError, not that answer, is the limit at work.
    expect(failure).toBeInstanceOf(TimeoutError);
  });
});

describe("per-call control against injected faults", () => {
  const getTask = "/cloud/v1/tasks/{task_id}";

  it("per-call timeoutMs: a slow answer times out at the call's limit, not the client's", async () => {
    const client = clientFor({ timeoutMs: 30_000, retry: false });
    await t.faults.add({ operation_id: "getTask", kind: "status", status: 503, delay_ms: 3_000 });
    const failure = await client
      .GET(getTask, { params: { path: { task_id: t.ids.finished_task_id } }, timeoutMs: 200 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect(failure).toMatchObject({ method: "GET", path: getTask, operationId: "getTask", timeoutMs: 200 });
    expect((failure as TimeoutError).elapsedMs).toBeGreaterThanOrEqual(190);
    // The next call has the client's limit again and gets its answer.
    const { data } = await client.GET(getTask, { params: { path: { task_id: t.ids.finished_task_id } } });
    expect(data?.state).toBe("FINISHED");
  });

  it("per-call retry: false sends a GET once through an injected 503 the client would retry", async () => {
    const client = clientFor({ retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    await t.faults.add({ operation_id: "listActiveTasks", kind: "status", status: 503, times: 1 });
    const path = { project_id: t.ids.project_id, region_id: t.ids.region_id };
    const once = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
      params: { path },
      retry: false,
    });
    expect(once.response.status).toBe(503);
    expect(sent).toEqual([`GET /cloud/v1/tasks/${path.project_id}/${path.region_id}/active`]);
    // The fault is spent; the client's own policy is untouched for the next call.
    await t.faults.add({ operation_id: "listActiveTasks", kind: "status", status: 503, times: 1 });
    const retried = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", { params: { path } });
    expect(retried.response.status).toBe(200);
    expect(sent).toHaveLength(3);
  });

  it("a per-call AbortSignal.timeout() gives TimeoutError naming the call; an abort gives AbortError", async () => {
    const client = clientFor({ timeoutMs: 0, retry: false });
    await t.faults.add({ operation_id: "getTask", kind: "slow_body", delay_ms: 3_000, times: 2 });
    const init = { params: { path: { task_id: t.ids.finished_task_id } } };
    const timedOut = await client
      .GET(getTask, { ...init, signal: AbortSignal.timeout(200) })
      .catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(timedOut).toMatchObject({ method: "GET", path: getTask, timeoutMs: undefined });
    expect((timedOut as TimeoutError).message).toMatch(
      /^GET \/cloud\/v1\/tasks\/\{task_id\} timed out after \d+ ms$/,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user left")), 100);
    const aborted = await client
      .GET(getTask, { ...init, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(AbortError);
    expect(aborted).toMatchObject({ path: getTask, cause: new Error("user left") });
    expect((aborted as AbortError).elapsedMs).toBeGreaterThanOrEqual(90);
  });
});
