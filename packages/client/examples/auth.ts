import { createCloudClient } from "@cloud-contract/client";

// Every request carries `Authorization: apikey <KEY>`; without apiKey the client reads CLOUD_API_KEY.
// The logger gets debug events with the header shown as "apikey [REDACTED]".
const client = createCloudClient({
  baseUrl: "http://127.0.0.1:4011",
  apiKey: "sandbox-api-key",
  logger: (event) => console.debug(event),
});
await client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 1 } } });
