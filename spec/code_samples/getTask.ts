import { createCloudClient } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

const { data: task, error } = await client.GET("/cloud/v1/tasks/{task_id}", {
  params: { path: { task_id: "d478ae29-dedc-4869-82f0-96104425f565" } },
});
if (error) throw new Error(`task lookup failed: ${error.message}`);
if (task.state === "FINISHED") console.log("created:", task.created_resources);
else if (task.state === "ERROR") console.log("failed:", task.error);
else console.log("still running:", task.state);
