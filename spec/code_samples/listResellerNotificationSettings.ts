import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });

const { data, error } = await client.GET("/iam/reselling/resellers/{resellerId}/notification_settings", {
  params: { path: { resellerId: 1020 }, query: { limit: 50, offset: 0, ordering: "notification_type" } },
});
if (error) throw new Error(`listing notification settings failed: ${error.message}`);
for (const setting of data.results) console.log(setting.notification_type, "→", setting.email);
