import { createCloudClient } from "@cloud-contract/client";

// GET, HEAD, PUT and DELETE are retried after 429 (waiting as Retry-After says), 502, 503, 504 and lost
// connections, with capped exponential backoff and jitter. POST and PATCH are never retried.
const client = createCloudClient({
  timeoutMs: 10_000, // per request, started afresh for every attempt
  retry: { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 5_000 },
});
const once = createCloudClient({ retry: false });

// A per-call signal cancels the call, including a retry's wait.
const { data } = await client.GET("/billing/org/v1/plans/contents", {
  params: { query: { limit: 100 } },
  signal: AbortSignal.timeout(30_000),
});
console.log(data?.count);
await once.GET("/cloud/v1/tasks/{task_id}", {
  params: { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } },
});
