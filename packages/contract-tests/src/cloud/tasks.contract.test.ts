import { createBareMetalServersAndWait, TaskFailedError, waitForTask } from "@cloud-contract/client";
import type { Task } from "@cloud-contract/types";
import { describe, expect, it } from "vitest";
import { needFixture, needMutations, needState } from "../suite/gates.js";
import { useHarness } from "../suite/harness.js";
import { type NegativeCase, rejects } from "../suite/negative.js";
import { projectRegion, UNKNOWN_TASK_ID } from "../suite/requests.js";

const h = useHarness();
const ACTIVE = "/cloud/v1/tasks/{project_id}/{region_id}/active";
const FAST_POLL = { intervalMs: 50, maxIntervalMs: 500, timeoutMs: 20_000 };

const listActive = (query: Record<string, unknown>) =>
  h.client.GET(ACTIVE, { params: { path: projectRegion(h.ctx), query: query as never } });

describe(h.label("listActiveTasks"), () => {
  it("answers 200 with a task list without parameters", async () => {
    const list = await h.ok(
      "listActiveTasks",
      h.client.GET(ACTIVE, { params: { path: projectRegion(h.ctx) } }),
    );
    expect(list.results.length).toBeLessThanOrEqual(10);
  });

  it("answers 200 to limit and offset, never more items than the limit", async () => {
    const list = await h.ok("listActiveTasks", listActive({ limit: 1, offset: 0 }));
    if (h.ctx.stateful) expect(list.results.length).toBeLessThanOrEqual(1);
  });

  it("accepts the largest limit, 1000", async () => {
    await h.ok("listActiveTasks", listActive({ limit: 1000, offset: 0 }));
  });

  it("filters by task_type given as a repeated parameter", async () => {
    const types = ["create_bm", "update_port_allowed_address_pairs"] as const;
    const list = await h.ok("listActiveTasks", listActive({ task_type: [...types] }));
    if (h.ctx.stateful) for (const task of list.results) expect(types).toContain(task.task_type);
  });

  rejects(h, [] satisfies NegativeCase[]);
});

describe(h.label("getTask"), () => {
  it("answers 200 with a task", async (t) => {
    let taskId = h.ctx.fixtures.finishedTaskId;
    if (!taskId) {
      // The real target names no task: read one from the active list, if there is one.
      const list = await h.ok("listActiveTasks", listActive({ limit: 1 }));
      taskId = list.results[0]?.id;
      if (!taskId) return t.skip("the target has no active task to read and no known task id");
    }
    const task = await h.ok(
      "getTask",
      h.client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: taskId } } }),
    );
    if (h.ctx.stateful) expect(task.id).toBe(taskId);
  });

  rejects(h, [
    {
      name: "an unknown task id with 404",
      operationId: "getTask",
      needsState: true,
      call: () =>
        h.client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: UNKNOWN_TASK_ID } } }),
    },
  ]);
});

describe("task lifecycle (behaviour): createBareMetalServers → getTask → waitForTask", () => {
  it("a started task is listed as active, then FINISHED through waitForTask", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, "billable bare metal servers (one is created)");
    const flavor = needFixture(t, h.ctx, "bareMetalFlavor");
    const imageId = needFixture(t, h.ctx, "imageId");
    const { tasks } = await h.ok(
      "createBareMetalServers",
      h.client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
        params: { path: projectRegion(h.ctx) },
        body: { flavor, image_id: imageId, interfaces: [{ type: "external" }], name: "contract-lifecycle" },
      }),
    );
    expect(tasks.length).toBeGreaterThan(0);
    const taskId = tasks[0] as string;

    const first = await h.ok(
      "getTask",
      h.client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: taskId } } }),
    );
    expect(first).toMatchObject({ id: taskId, task_type: "create_bm" });
    if (first.state !== "FINISHED" && first.state !== "ERROR") {
      const active = await h.ok("listActiveTasks", listActive({ task_type: ["create_bm"], limit: 1000 }));
      if (!active.results.some((task) => task.id === taskId)) {
        // Not listed: only right if it finished between the two reads.
        const now = await h.ok(
          "getTask",
          h.client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: taskId } } }),
        );
        expect(now.state, `task ${taskId} is ${now.state} but not among the active tasks`).toMatch(
          /^(FINISHED|ERROR)$/,
        );
      }
    }

    const done: Task = await waitForTask(h.client, taskId, FAST_POLL);
    expect(done.state).toBe("FINISHED");
    expect(done.created_resources?.instances?.length ?? 0).toBeGreaterThan(0);
    const after = await h.ok("listActiveTasks", listActive({ task_type: ["create_bm"], limit: 1000 }));
    expect(after.results.map((task) => task.id)).not.toContain(taskId);
  });

  it("a failing task ends in ERROR with its error text, and waitForTask rejects with TaskFailedError", async (t) => {
    needState(t, h.ctx);
    needMutations(t, h.ctx, "bare metal servers (a creation that is meant to fail)");
    const flavor = needFixture(t, h.ctx, "failingFlavor");
    const imageId = needFixture(t, h.ctx, "imageId");
    const error = await createBareMetalServersAndWait(
      h.client,
      {
        params: { path: projectRegion(h.ctx) },
        body: { flavor, image_id: imageId, interfaces: [{ type: "external" }], name: "contract-failing" },
      },
      FAST_POLL,
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TaskFailedError);
    const failed = error as TaskFailedError;
    expect(failed.task.state).toBe("ERROR");
    expect(failed.error).toEqual(expect.any(String));
    const again = await h.ok(
      "getTask",
      h.client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: failed.taskId } } }),
    );
    expect(again.state).toBe("ERROR");
  });
});
