// The page's side of in-process-browser.test.ts, bundled by esbuild for the browser: the client on the
// in-process sandbox, both running in the page. It sets `runInProcessSandbox` for the test to call.
import { createCloudClient, waitForTask } from "@cloud-contract/client";
import { createSandbox } from "@cloud-contract/mock/in-process";

/** Long enough that no task finishes on the wall clock during the run: only the manual clock moves it. */
export const TASK_DELAY_MS = 10 * 60_000;

/** What the page saw, step by step. */
export interface PageRun {
  clockMode: string;
  createStatus: number;
  taskId: string | undefined;
  stateBeforeAdvance: string | undefined;
  clockAdvancedMs: number;
  finished: { id: string; state: string; finishedOn: string | null | undefined };
}

async function runInProcessSandbox(): Promise<PageRun> {
  const sandbox = createSandbox({ taskDelayMs: TASK_DELAY_MS, validateResponses: true });
  try {
    const tenant = await sandbox.control.tenant();
    // The client judges every answer against the spec too: its validator runs in the page as well.
    const client = createCloudClient({
      apiKey: tenant.key,
      fetch: sandbox.fetch,
      validateResponses: "throw",
    });
    const manual = await tenant.clock.manual();
    const created = await client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
      params: { path: { project_id: tenant.ids.project_id, region_id: tenant.ids.region_id } },
      body: {
        flavor: tenant.ids.bare_metal_flavor,
        image_id: tenant.ids.image_id,
        interfaces: [{ type: "external" }],
      },
    });
    const taskId = created.data?.tasks[0];
    const running = await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: taskId ?? "" } },
    });
    const advanced = await tenant.clock.advance(TASK_DELAY_MS + 1_000);
    const task = await waitForTask(client, taskId ?? "", {
      intervalMs: 5,
      maxIntervalMs: 5,
      timeoutMs: 5_000,
    });
    return {
      clockMode: manual.mode,
      createStatus: created.response.status,
      taskId,
      stateBeforeAdvance: running.data?.state,
      clockAdvancedMs: Date.parse(advanced.now) - Date.parse(manual.now),
      finished: { id: task.id, state: task.state, finishedOn: task.finished_on },
    };
  } finally {
    await sandbox.close();
  }
}

(globalThis as { runInProcessSandbox?: () => Promise<PageRun> }).runInProcessSandbox = runInProcessSandbox;
