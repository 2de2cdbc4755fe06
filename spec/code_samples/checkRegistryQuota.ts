import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// Would a registry with a 50 GB storage limit still fit into the project's quota?
const { data, error } = await client.POST("/cloud/v1/registries/{project_id}/{region_id}/check_limits", {
  params: { path: { project_id: 1, region_id: 1 } },
  body: { storage_limit: 50 },
});
if (error) throw new Error(`quota check failed: ${error.message}`);
console.log(data);
