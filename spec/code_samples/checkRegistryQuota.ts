import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });

// Would a registry with a 50 GB storage limit still fit into the project's quota?
const { data, error } = await client.POST("/cloud/v1/registries/{project_id}/{region_id}/check_limits", {
  params: { path: { project_id: 1, region_id: 1 } },
  body: { storage_limit: 50 },
});
if (error) throw new Error(`quota check failed: ${error.message}`);
console.log(data);
