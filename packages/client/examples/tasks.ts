import {
  createBareMetalServersAndWait,
  createCloudClient,
  TaskFailedError,
  TaskTimeoutError,
  waitForTask,
} from "@cloud-contract/client";

const client = createCloudClient();

try {
  // POST once (never retried), then poll every task it returned until FINISHED.
  const tasks = await createBareMetalServersAndWait(
    client,
    {
      params: { path: { project_id: 1, region_id: 76 } },
      body: {
        flavor: "bm2-hf-medium",
        image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
        interfaces: [{ type: "external", ip_family: "ipv4" }],
      },
    },
    { timeoutMs: 30 * 60_000 },
  );
  console.log(
    "servers:",
    tasks.flatMap((task) => task.created_resources?.instances ?? []),
  );
} catch (error) {
  if (error instanceof TaskFailedError) console.error(`task ${error.taskId} failed: ${error.error}`);
  else if (error instanceof TaskTimeoutError)
    console.error(`task ${error.taskId} is still ${error.lastState}`);
  else throw error;
}

// Any task id from an operation's { tasks } answer can be awaited on its own.
const task = await waitForTask(client, "d478ae29-dedc-4869-82f0-96104425f565", { intervalMs: 2_000 });
console.log(task.finished_on);
