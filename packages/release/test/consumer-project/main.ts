// A consumer's program, compiled and run from the packages installed from a registry (see src/consumer.consumer.test.ts).
import { type CloudClient, createCloudClient, unwrap, waitForTask } from "@cloud-contract/client";
import { startPrism } from "@cloud-contract/mock";
import { createSandbox } from "@cloud-contract/mock/in-process";
import type { LiveStream, Task } from "@cloud-contract/types";

const prism = await startPrism({ port: 0 });
try {
  const client = createCloudClient({ apiKey: "consumer-check", baseUrl: prism.url, retry: false });
  const { data, error } = await client.GET("/cloud/v1/tasks/{task_id}", {
    params: { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } },
  });
  if (error) throw new Error(`getTask failed: ${error.message}`);
  const task: Task = data;
  const plans = unwrap(
    await client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 5 } } }),
  );
  const path = { params: { path: { stream_id: 1352417 } } };
  const resetCall = await client.POST("/streaming/streams/{stream_id}/reset_push_token", path);
  const reset = unwrap(resetCall);
  // 200 carries the stream, 202 a notice whose `message` is optional: tell them apart by the status.
  const stream = resetCall.response.status === 200 ? (reset as LiveStream) : undefined;
  console.log(
    JSON.stringify({
      state: task.state,
      plans: plans.count,
      stream: stream?.id,
      inProcess: await inProcessTaskState(),
    }),
  );
} finally {
  await prism.stop();
}

/** The in-process sandbox (the package's `./in-process` entry): a bare metal create, run to its end. */
async function inProcessTaskState(): Promise<string> {
  const sandbox = createSandbox({ taskDelayMs: 60_000 });
  try {
    const tenant = await sandbox.control.tenant();
    await tenant.clock.manual();
    const inProcess = createCloudClient({ apiKey: tenant.key, fetch: sandbox.fetch, retry: false });
    const created = unwrap(
      await inProcess.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
        params: { path: { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id } },
        body: {
          flavor: tenant.ids.bare_metal_flavor,
          image_id: tenant.ids.image_id,
          interfaces: [{ type: "external" }],
        },
      }),
    );
    await tenant.clock.advance(61_000);
    const done = await waitForTask(inProcess, created.tasks[0] ?? "", { intervalMs: 5, timeoutMs: 5_000 });
    return done.state;
  } finally {
    await sandbox.close();
  }
}

export function neverCalled(client: CloudClient) {
  // @ts-expect-error the published types know that task_id is required
  return client.GET("/cloud/v1/tasks/{task_id}", { params: { path: {} } });
}
