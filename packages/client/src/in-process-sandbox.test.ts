// The client on the in-process sandbox of @cloud-contract/mock: no port, no child process — the sandbox's
// core answers the client's fetch in this process, and its control API moves the tenant's clock.
import { createSandbox, type InProcessSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { NetworkError } from "./errors.js";
import { waitForTask } from "./tasks.js";

/** Long enough that no task finishes on the wall clock during the test: only the manual clock moves it. */
const TASK_DELAY_MS = 10 * 60_000;
let sandbox: InProcessSandbox;

beforeAll(() => {
  sandbox = createSandbox({ taskDelayMs: TASK_DELAY_MS, validateResponses: true });
});
afterAll(() => sandbox.close());

describe("the client over an in-process sandbox", () => {
  it("creates a bare metal server and waits for its task as the tenant's manual clock passes its end", async () => {
    const tenant = await sandbox.control.tenant();
    const client = createCloudClient({ apiKey: tenant.key, fetch: sandbox.fetch });
    await tenant.clock.manual();
    const { data, response } = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
      params: { path: { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id } },
      body: {
        flavor: tenant.ids.bare_metal_flavor,
        image_id: tenant.ids.image_id,
        interfaces: [{ type: "external" }],
      },
    });
    expect(response.status).toBe(200);
    const taskId = data?.tasks[0] as string;
    const running = await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: taskId } } });
    expect(running.data?.state).toBe("RUNNING");
    await tenant.clock.advance(TASK_DELAY_MS);
    const task = await waitForTask(client, taskId, { intervalMs: 5, maxIntervalMs: 5, timeoutMs: 5_000 });
    expect(task).toMatchObject({ id: taskId, state: "FINISHED" });
  });

  it("names the custom fetch, not the production host, when a sandbox fault drops the connection", async () => {
    const tenant = await sandbox.control.tenant();
    const client = createCloudClient({ apiKey: tenant.key, fetch: sandbox.fetch, retry: false });
    await tenant.faults.add({ operation_id: "getTask", kind: "reset" });
    const error = await client
      .GET("/cloud/v1/tasks/{task_id}", {
        params: { path: { task_id: "f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9" } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ customFetch: true, operationId: "getTask" });
    const { message } = error as NetworkError;
    expect(message).not.toContain("api.gcore.com");
    expect(message).toMatch(
      /^GET \/cloud\/v1\/tasks\/\{task_id\}: the custom fetch failed: fetch failed: the connection was reset \(an armed fault\) after \d+ ms$/,
    );
  });

  it("answers the sandbox's own errors in the service's shape, and rejects once closed", async () => {
    const res = await sandbox.fetch("http://anywhere.example/billing/org/v1/plans/contents");
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    expect(await res.json()).toEqual({ detail: expect.any(String) });
    const other = createSandbox();
    await other.close();
    await expect(other.fetch("http://anywhere.example/billing/org/v1/plans/contents")).rejects.toThrow(
      /closed/,
    );
  });
});
