import { createCloudClient, waitForTasks } from "@cloud-contract/client";

// The local sandbox (pnpm sandbox); for production, drop baseUrl and pass your own API key.
const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

const { data, error } = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
  params: { path: { project_id: 1, region_id: 1 } },
  body: {
    flavor: "bm1-infrastructure-small",
    image_id: "b5b4d65d-945f-4b98-ab6f-332319c724ef",
    name: "bm-db-1",
    ssh_key_name: "my-laptop",
    interfaces: [{ type: "external", ip_family: "ipv4" }],
    tags: { environment: "production" },
  },
});
if (error) throw new Error(`bare metal creation failed: ${error.message}`);

// The servers exist once their tasks are FINISHED: waitForTasks polls
// each task and throws TaskFailedError if one ends in ERROR.
const tasks = await waitForTasks(client, data.tasks, { timeoutMs: 30 * 60_000 });
console.log(
  "created:",
  tasks.map((task) => task.created_resources),
);
