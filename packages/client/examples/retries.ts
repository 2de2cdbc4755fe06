import { createCloudClient } from "@cloud-contract/client";

// GET, HEAD, PUT and DELETE are retried after 429 (waiting as Retry-After says), 502, 503, 504 and lost
// connections, with capped exponential backoff and jitter. POST and PATCH are never retried.
const client = createCloudClient({
  baseUrl: "http://127.0.0.1:4011",
  apiKey: "sandbox-api-key",
  timeoutMs: 10_000, // per request, started afresh for every attempt
  retry: { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000 },
});

// A per-call signal cancels the call, including a retry's wait.
const { data } = await client.GET("/billing/org/v1/plans/contents", {
  params: { query: { limit: 100 } },
  signal: AbortSignal.timeout(30_000),
});
console.log(data?.count);
