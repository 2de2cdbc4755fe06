import { createCloudClient, waitForTask } from "@cloud-contract/client";
import { connectSandbox } from "@cloud-contract/mock";

// A tenant of your own on a running sandbox (`pnpm sandbox`): its own key, world, clock and faults.
const sandboxUrl = "http://127.0.0.1:4011";
const t = await connectSandbox(sandboxUrl).tenant();
const client = createCloudClient({ baseUrl: sandboxUrl, apiKey: t.key, timeoutMs: 1_000 });
const path = { project_id: t.ids.project_id, region_id: t.ids.region_id };

// Tasks move only when the tenant's clock does: no sleeping in your tests.
await t.clock.manual();
const created = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
  params: { path },
  body: { flavor: t.ids.bare_metal_flavor, image_id: t.ids.image_id, interfaces: [{ type: "external" }] },
});
const finished = waitForTask(client, created.data?.tasks[0] ?? "", { intervalMs: 10 });
await t.clock.advance(60_000);
console.log((await finished).state); // FINISHED

// Two 503s with Retry-After: a GET is retried through them; a POST would get the first 503 back.
await t.faults.add({
  operation_id: "listActiveTasks",
  kind: "status",
  status: 503,
  times: 2,
  retry_after_s: 1,
});
const { data } = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", { params: { path } });
console.log(data?.count);
