import { type BareMetalServerCreateRequest, createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });
const task = { path: { task_id: "f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9" } };

// Per call: its own time limit (per attempt), its own retry policy or none, a signal.
await client.GET("/cloud/v1/tasks/{task_id}", { params: task, timeoutMs: 2_000, retry: false });
await client.GET("/cloud/v1/tasks/{task_id}", { params: task, signal: AbortSignal.timeout(5_000) });

// A body built on its own with `satisfies`: a mistake is reported in the friendly type's terms.
const body = {
  flavor: "bm1-infrastructure-small",
  image_id: "b5b4d65d-945f-4b98-ab6f-332319c724ef",
  interfaces: [{ type: "external" }],
} satisfies BareMetalServerCreateRequest;
const { data } = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
  params: { path: { project_id: 1, region_id: 1 } },
  body,
});
console.log(data?.tasks);
