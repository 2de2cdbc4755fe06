import { createCloudClient } from "@cloud-contract/client";

// Every request carries `Authorization: apikey <KEY>`; the key goes nowhere else.
// Without the apiKey option the client reads CLOUD_API_KEY; with neither it throws right here.
const baseUrl = "http://127.0.0.1:4011";
const client = createCloudClient({ baseUrl, apiKey: "sandbox-api-key" });

// Debug events for each request, response and retry: the Authorization header shows as "apikey [REDACTED]".
const traced = createCloudClient({ baseUrl, apiKey: "sandbox-api-key", logger: (e) => console.debug(e) });

await client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 1 } } });
await traced.GET("/cloud/v1/tasks/{task_id}", {
  params: { path: { task_id: "f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9" } },
});
