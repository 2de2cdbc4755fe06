import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

// An address receives each notification type once: a new address on every run.
const email = `security-${Date.now()}@reseller.example.com`;
const { data: setting, error } = await client.POST(
  "/iam/reselling/resellers/{resellerId}/notification_settings",
  {
    params: { path: { resellerId: 1020 } },
    body: { notification_type: "failed_login", email, enabled: true },
  },
);
if (error) throw new Error(`adding the notification setting failed: ${error.message}`);
console.log(setting.id, setting.notification_type, setting.email);
