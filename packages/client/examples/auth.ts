import { createCloudClient } from "@cloud-contract/client";

// Every request carries `Authorization: apikey <KEY>`; the key goes nowhere else.
// Without the apiKey option the client reads CLOUD_API_KEY; with neither it throws right here.
const client = createCloudClient({ apiKey: process.env.BILLING_SYNC_API_KEY });

// Debug events for each request, response and retry: the Authorization header shows as "apikey [REDACTED]".
const traced = createCloudClient({ logger: (event) => console.debug(event) });

await client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 1 } } });
await traced.GET("/cloud/v1/tasks/{task_id}", {
  params: { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } },
});
