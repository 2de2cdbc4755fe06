import { createCloudClient } from "@cloud-contract/client";

const client = createCloudClient({ apiKey: process.env.CLOUD_API_KEY });

const { data: setting, error } = await client.POST(
  "/iam/reselling/resellers/{resellerId}/notification_settings",
  {
    params: { path: { resellerId: 1020 } },
    body: { notification_type: "failed_login", email: "security@reseller.example.com", enabled: true },
  },
);
if (error) throw new Error(`adding the notification setting failed: ${error.message}`);
console.log(setting.id, setting.notification_type, setting.email);
