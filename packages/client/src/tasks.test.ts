import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCloudClient } from "./create-client.js";
import { ApiError, TimeoutError } from "./errors.js";
import {
  createBareMetalServersAndWait,
  replacePortAllowedAddressPairsAndWait,
  TaskFailedError,
  TaskMismatchError,
  TaskTimeoutError,
  waitForTask,
  waitForTasks,
} from "./tasks.js";
import { json, startServer, type TestServer, task } from "./test-support/server.js";

type State = "NEW" | "RUNNING" | "FINISHED" | "ERROR";

/** The states each task id goes through, one per poll; the last one stays. */
const scripts = new Map<string, State[]>();
const polls = new Map<string, number>();
let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.method === "POST" && req.url === "/cloud/v1/bminstances/1/76") {
      scripts.set("bm-a", ["NEW", "RUNNING", "FINISHED"]);
      scripts.set("bm-b", ["RUNNING", "FINISHED"]);
      return json(res, 200, { tasks: ["bm-a", "bm-b"] });
    }
    if (req.method === "PUT" && req.url === "/cloud/v2/ports/1/76/port-1/allow_address_pairs") {
      scripts.set("pairs-1", ["RUNNING", "FINISHED"]);
      return json(res, 200, { tasks: ["pairs-1"] });
    }
    const id = req.url.replace("/cloud/v1/tasks/", "");
    // A poll that hangs: headers never come (after the first answer, for "late-hang-").
    if (id.startsWith("hang-") || (id.startsWith("late-hang-") && pollsOf(id) > 1)) return;
    if (id.startsWith("late-hang-")) return json(res, 200, task(id, "RUNNING"));
    if (id.startsWith("other-")) return json(res, 200, task("someone-else", "FINISHED"));
    if (id === "not-a-task") return json(res, 200, ["FINISHED"]);
    const script = scripts.get(id);
    if (!script) return json(res, 404, { message: `Task ${id} not found` });
    const n = polls.get(id) ?? 0;
    polls.set(id, n + 1);
    const state = script[Math.min(n, script.length - 1)] as State;
    const extra =
      state === "ERROR" ? { error: "No available baremetal servers with flavor bm2-hf-medium" } : {};
    return json(
      res,
      200,
      task(id, state, {
        ...extra,
        created_resources: state === "FINISHED" ? { instances: [`i-${id}`] } : null,
      }),
    );
  });
});
afterAll(() => server.close());

const client = createCloudClient({ apiKey: "k", baseUrl: "http://127.0.0.1:1" });
const live = () => createCloudClient({ apiKey: "k", baseUrl: server.url });
const quick = { intervalMs: 5, maxIntervalMs: 20 };
const pollsOf = (id: string) => server.requests.filter((r) => r.url === `/cloud/v1/tasks/${id}`).length;

describe("waitForTask", () => {
  it("polls until FINISHED and returns the finished task", async () => {
    scripts.set("ok-1", ["NEW", "RUNNING", "RUNNING", "FINISHED"]);
    const finished = await waitForTask(live(), "ok-1", quick);
    expect(finished).toMatchObject({
      id: "ok-1",
      state: "FINISHED",
      created_resources: { instances: ["i-ok-1"] },
    });
    expect(pollsOf("ok-1")).toBe(4);
  });

  it("throws TaskFailedError with the task and its error text on ERROR", async () => {
    scripts.set("bad-1", ["RUNNING", "ERROR"]);
    const error = await waitForTask(live(), "bad-1", quick).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error).toMatchObject({
      taskId: "bad-1",
      error: "No available baremetal servers with flavor bm2-hf-medium",
      task: { id: "bad-1", state: "ERROR" },
      message: "Task bad-1 (create_bm) failed: No available baremetal servers with flavor bm2-hf-medium",
    });
  });

  it("throws TaskTimeoutError with the last state when time is up", async () => {
    scripts.set("slow-1", ["NEW", "RUNNING"]);
    const error = await waitForTask(live(), "slow-1", { intervalMs: 20, timeoutMs: 150 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TaskTimeoutError);
    expect(error).toMatchObject({
      taskId: "slow-1",
      timeoutMs: 150,
      lastState: "RUNNING",
      lastTask: { state: "RUNNING" },
    });
  });

  it("backs off: pauses grow from intervalMs up to maxIntervalMs", async () => {
    scripts.set("backoff-1", ["RUNNING", "RUNNING", "RUNNING", "RUNNING", "RUNNING", "FINISHED"]);
    const started = performance.now();
    await waitForTask(live(), "backoff-1", { intervalMs: 20, maxIntervalMs: 40 });
    // 20 + 30 + 40 + 40 + 40 = 170 ms of pauses between six polls.
    expect(performance.now() - started).toBeGreaterThanOrEqual(160);
    expect(pollsOf("backoff-1")).toBe(6);
  });

  it("rejects with ApiError when the task cannot be read", async () => {
    const error = await waitForTask(live(), "ghost", quick).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, path: "/cloud/v1/tasks/{task_id}" });
  });

  it("stops when its signal aborts", async () => {
    scripts.set("forever-1", ["RUNNING"]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user gave up")), 60);
    const stopped = (await waitForTask(live(), "forever-1", { ...quick, signal: controller.signal }).catch(
      (error: unknown) => error,
    )) as Error;
    // Stopped in a poll (an AbortError caused by the reason) or between two polls (the reason itself).
    expect([stopped.message, (stopped.cause as Error | undefined)?.message]).toContain("user gave up");
    // A poll the abort cut short may still reach the server a moment later; after that, no new poll starts.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const count = pollsOf("forever-1");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pollsOf("forever-1")).toBe(count);
  });

  it("does not poll at all with an aborted signal", async () => {
    await expect(waitForTask(client, "x", { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("waitForTasks", () => {
  it("returns all finished tasks in the order asked", async () => {
    scripts.set("many-1", ["RUNNING", "RUNNING", "FINISHED"]);
    scripts.set("many-2", ["FINISHED"]);
    const tasks = await waitForTasks(live(), ["many-1", "many-2"], quick);
    expect(tasks.map((t) => [t.id, t.state])).toEqual([
      ["many-1", "FINISHED"],
      ["many-2", "FINISHED"],
    ]);
  });

  it("rejects with the first failure and stops polling the others", async () => {
    scripts.set("pair-ok", ["RUNNING"]);
    scripts.set("pair-bad", ["RUNNING", "ERROR"]);
    await expect(waitForTasks(live(), ["pair-ok", "pair-bad"], quick)).rejects.toBeInstanceOf(
      TaskFailedError,
    );
    // One poll of the other task may still be on its way to the server; polling on (every 5–20 ms) would add
    // several more within 150 ms.
    const count = pollsOf("pair-ok");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(pollsOf("pair-ok")).toBeLessThanOrEqual(count + 1);
  });

  it("resolves at once for no tasks", async () => {
    expect(await waitForTasks(client, [])).toEqual([]);
  });
});

describe("create-and-wait helpers", () => {
  it("createBareMetalServersAndWait returns the finished tasks", async () => {
    const tasks = await createBareMetalServersAndWait(
      live(),
      {
        params: { path: { project_id: 1, region_id: 76 } },
        body: {
          flavor: "bm2-hf-medium",
          image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
          interfaces: [{ type: "external" }],
        },
      },
      quick,
    );
    expect(tasks.map((t) => [t.id, t.state, t.created_resources?.instances])).toEqual([
      ["bm-a", "FINISHED", ["i-bm-a"]],
      ["bm-b", "FINISHED", ["i-bm-b"]],
    ]);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("replacePortAllowedAddressPairsAndWait returns the finished tasks", async () => {
    const tasks = await replacePortAllowedAddressPairsAndWait(
      live(),
      {
        params: { path: { project_id: 1, region_id: 76, port_id: "port-1" } },
        body: { allowed_address_pairs: [{ ip_address: "192.168.123.20", mac_address: "00:16:3e:f2:87:16" }] },
      },
      quick,
    );
    expect(tasks.map((t) => t.id)).toEqual(["pairs-1"]);
    const put = server.requests.find((r) => r.method === "PUT");
    expect(JSON.parse(put?.body ?? "")).toEqual({
      allowed_address_pairs: [{ ip_address: "192.168.123.20", mac_address: "00:16:3e:f2:87:16" }],
    });
  });

  it("rejects with the ApiError of a failed creation, without polling", async () => {
    const before = server.requests.length;
    const error = await createBareMetalServersAndWait(live(), {
      params: { path: { project_id: 9, region_id: 9 } },
      body: {
        flavor: "bm2-hf-medium",
        image_id: "f01fd9a0-9548-48ba-82dc-a8c8b2d6f2f1",
        interfaces: [{ type: "external" }],
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(server.requests.length - before).toBe(1);
  });
});

describe("waitForTask within timeoutMs, whatever a poll does", () => {
  /** One wait with timeoutMs 1000: its outcome and how long it took. */
  const timed = async (id: string, options: object = {}) => {
    const started = performance.now();
    const error = await waitForTask(live(), id, { timeoutMs: 1_000, ...options }).catch((e: unknown) => e);
    return { error, ms: performance.now() - started };
  };

  it.each([
    ["a first poll that hangs", "hang-1", {}, undefined, true],
    ["a later poll that hangs", "late-hang-1", { intervalMs: 50 }, "RUNNING", true],
    // An hour's pause: had the deadline not cut it, the test's hang detector would end the test.
    ["a pause longer than the time left", "late-hang-2", { intervalMs: 3_600_000 }, "RUNNING", false],
  ])(
    "ends at its deadline, never before, on %s, naming the state last seen",
    async (what, id, options, lastState, cut) => {
      const { error, ms } = await timed(id, options);
      expect(error).toBeInstanceOf(TaskTimeoutError);
      expect(error).toMatchObject({ taskId: id, timeoutMs: 1_000, lastState });
      expect((error as Error).message).toBe(
        lastState
          ? `Task ${id} is still ${lastState} after 1000 ms`
          : `Task ${id} had no poll answered after 1000 ms`,
      );
      // What the deadline cut off is the cause: the poll (the client's TimeoutError) or the pause.
      if (cut) expect((error as Error).cause).toBeInstanceOf(TimeoutError);
      else expect((error as Error).cause).toMatchObject({ name: "TimeoutError" });
      expect(ms).toBeGreaterThanOrEqual(1_000);
      console.info(`waitForTask timeoutMs 1000, ${what}: TaskTimeoutError after ${Math.round(ms)} ms`);
    },
  );

  it("refuses an answer for another task, or one that is no task", async () => {
    const other = await timed("other-1");
    expect(other.error).toBeInstanceOf(TaskMismatchError);
    expect(other.error).toMatchObject({ taskId: "other-1", receivedId: "someone-else" });
    expect((other.error as Error).message).toBe(
      "A poll of task other-1 was answered with task id someone-else",
    );
    const list = await timed("not-a-task");
    expect(list.error).toMatchObject({ name: "TaskMismatchError", receivedId: undefined });
  });

  it("bounds waitForTasks the same way", async () => {
    scripts.set("fine-1", ["RUNNING"]);
    const started = performance.now();
    const error = await waitForTasks(live(), ["fine-1", "hang-2"], {
      timeoutMs: 1_000,
      intervalMs: 50,
    }).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(TaskTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(1_000);
  });
});
