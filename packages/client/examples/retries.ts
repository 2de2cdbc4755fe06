import { createCloudClient } from "@cloud-contract/client";

// GET, HEAD, PUT and DELETE are retried after 429 (as Retry-After says), 502, 503, 504 and lost
// connections, with capped exponential backoff and jitter. POST and PATCH only after 429 (not applied).
const retry = { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000 };
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key", retry });
const { data } = await client.GET("/billing/org/v1/plans/contents", { params: { query: { limit: 100 } } });
console.log(data?.count);
