import { createBareMetalServersAndWait, createCloudClient, TaskFailedError } from "@cloud-contract/client";

const client = createCloudClient({ baseUrl: "http://127.0.0.1:4011", apiKey: "sandbox-api-key" });

try {
  // POST once (never retried), then poll every task it returned until FINISHED.
  const tasks = await createBareMetalServersAndWait(
    client,
    {
      params: { path: { project_id: 1, region_id: 1 } },
      body: {
        flavor: "bm1-infrastructure-small",
        image_id: "b5b4d65d-945f-4b98-ab6f-332319c724ef",
        interfaces: [{ type: "external", ip_family: "ipv4" }],
      },
    },
    { timeoutMs: 30 * 60_000 },
  );
  console.log(tasks.flatMap((task) => task.created_resources?.instances ?? []));
} catch (error) {
  if (error instanceof TaskFailedError) console.error(`task ${error.taskId} failed: ${error.error}`);
  else throw error;
}
