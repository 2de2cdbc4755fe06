import { ApiError, createCloudClient, NetworkError, TimeoutError, unwrap } from "@cloud-contract/client";

const client = createCloudClient();
const params = { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } };

// openapi-fetch style: an error status is returned, not thrown. `error` is the API's error body.
const result = await client.GET("/cloud/v1/tasks/{task_id}", { params });
if (result.error) console.error(result.response.status, result.error.message, result.error.request_id);

// unwrap(): the data, or a thrown ApiError. Network failures and timeouts have their own classes.
try {
  const task = unwrap(await client.GET("/cloud/v1/tasks/{task_id}", { params }));
  console.log(task.state);
} catch (error) {
  if (error instanceof ApiError)
    console.error(error.status, error.method, error.path, error.requestId, error.body);
  else if (error instanceof TimeoutError) console.error(`gave up after ${error.timeoutMs} ms`);
  else if (error instanceof NetworkError) console.error(`no response (${error.code})`);
  else throw error;
}

// Or make every call of a client throw ApiError on an error status.
const strict = createCloudClient({ throwOnError: true });
const { data } = await strict.GET("/cloud/v1/tasks/{task_id}", { params });
console.log(data?.task_type);
