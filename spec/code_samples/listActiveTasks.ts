import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// task_type is an array: the client sends it as repeated query parameters.
const { data, error } = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
  params: {
    path: { project_id: 1, region_id: 1 },
    query: { limit: 100, offset: 0, task_type: ["create_vm"] },
  },
});
if (error) throw new Error(`listing tasks failed: ${error.message}`);
console.log(`${data.count} tasks still running`);
for (const task of data.results) console.log(task.id, task.task_type, task.state);
