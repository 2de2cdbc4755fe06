import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

const { data, error } = await client.GET("/iam/reselling/resellers/{resellerId}/notification_settings", {
  params: { path: { resellerId: 1020 }, query: { limit: 50, offset: 0, ordering: "notification_type" } },
});
if (error) throw new Error(`listing notification settings failed: ${error.message}`);
for (const setting of data.results) console.log(setting.notification_type, "→", setting.email);
