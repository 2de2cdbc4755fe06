import { createCloudClient } from "@cloud-contract/client";

// The sandbox (`pnpm sandbox`); for the API itself: createCloudClient() with CLOUD_API_KEY set.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });
const { data, error } = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
  params: { path: { project_id: 1, region_id: 1 }, query: { task_type: ["create_vm"] } },
});
if (error) throw new Error(`listing tasks failed: ${error.message}`);
console.log(`${data.count} virtual machines are being created`);
