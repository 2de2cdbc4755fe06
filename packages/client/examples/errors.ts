import { ApiError, createCloudClient, NetworkError, TimeoutError, unwrap } from "@cloud-contract/client";

const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });
const params = { path: { task_id: "f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9" } };

// openapi-fetch style: an error status is returned, not thrown. `error` is the API's error body.
const result = await client.GET("/cloud/v1/tasks/{task_id}", { params });
if (result.error) console.error(result.response.status, result.error.message, result.error.request_id);

// unwrap(): the data, or a thrown ApiError. Network failures and timeouts have their own classes.
try {
  console.log(unwrap(await client.GET("/cloud/v1/tasks/{task_id}", { params })).state);
} catch (error) {
  if (error instanceof ApiError && error.operationId === "getTask" && error.status === 404) {
    // Narrowed by operation and status: the body is getTask's documented 404 body.
    console.error(`no such task: ${error.body.message} (request ${error.requestId})`);
  } else if (error instanceof TimeoutError) console.error(`gave up after ${error.elapsedMs} ms`);
  else if (error instanceof NetworkError) console.error(`could not reach ${error.host} (${error.code})`);
  else throw error;
}
