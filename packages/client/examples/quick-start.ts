import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient(); // key from CLOUD_API_KEY, server https://api.gcore.com

const { data, error } = await client.GET("/cloud/v1/tasks/{project_id}/{region_id}/active", {
  params: { path: { project_id: 1, region_id: 76 }, query: { task_type: ["create_bm"] } },
});
if (error) throw new Error(`listing tasks failed: ${error.message}`);
console.log(`${data.count} bare metal servers are being created`);
