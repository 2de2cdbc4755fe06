import type { operations, Task } from "@cloud-contract/types";
import type { CloudClient } from "./call-types.js";
import { CloudError } from "./errors.js";
import { sleep } from "./sleep.js";
import { unwrap } from "./unwrap.js";

export interface WaitOptions {
  /** The first pause between two polls in ms (default 1 000); it grows by half after every poll. */
  intervalMs?: number;
  /** The longest pause between two polls in ms (default 10 000). */
  maxIntervalMs?: number;
  /** How long to wait for the task(s) in ms before a `TaskTimeoutError` (default 600 000 = 10 minutes). */
  timeoutMs?: number;
  /** Stops waiting: the wait rejects with the signal's reason. */
  signal?: AbortSignal;
}

const DEFAULTS = { intervalMs: 1_000, maxIntervalMs: 10_000, timeoutMs: 600_000 };
const GROWTH = 1.5;

/** A task ended in state ERROR. */
export class TaskFailedError extends CloudError {
  override name = "TaskFailedError";
  declare readonly task: Task;
  declare readonly taskId: string;
  /** The task's `error` text, when the service gave one. */
  declare readonly error: string | undefined;

  constructor(task: Task) {
    const error = task.error ?? undefined;
    super(`Task ${task.id} (${task.task_type}) failed${error ? `: ${error}` : " without an error text"}`);
    Object.assign(this, { task, taskId: task.id, error });
  }
}

/** A task was still not FINISHED or ERROR when the wait's time was up. */
export class TaskTimeoutError extends CloudError {
  override name = "TaskTimeoutError";
  declare readonly taskId: string;
  /** The task as last read; `lastTask.state` is where it stood. */
  declare readonly lastTask: Task;
  declare readonly timeoutMs: number;

  constructor(lastTask: Task, timeoutMs: number) {
    super(`Task ${lastTask.id} (${lastTask.task_type}) is still ${lastTask.state} after ${timeoutMs} ms`);
    Object.assign(this, { taskId: lastTask.id, lastTask, timeoutMs });
  }

  /** The state the task was last seen in. */
  get lastState(): Task["state"] {
    return this.lastTask.state;
  }
}

/**
 * Polls `GET /cloud/v1/tasks/{task_id}` until the task is FINISHED (resolves with it) or ERROR (rejects with
 * {@link TaskFailedError}). Pauses grow from `intervalMs` to `maxIntervalMs`; after `timeoutMs` it rejects with
 * {@link TaskTimeoutError}. An error status while polling rejects with the call's `ApiError`.
 */
export async function waitForTask(
  client: CloudClient,
  taskId: string,
  options: WaitOptions = {},
): Promise<Task> {
  const { signal } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxIntervalMs = options.maxIntervalMs ?? DEFAULTS.maxIntervalMs;
  const deadline = Date.now() + timeoutMs;
  let pause = options.intervalMs ?? DEFAULTS.intervalMs;
  for (;;) {
    signal?.throwIfAborted();
    const task = unwrap(
      await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: taskId } }, signal }),
    );
    if (task.state === "FINISHED") return task;
    if (task.state === "ERROR") throw new TaskFailedError(task);
    const left = deadline - Date.now();
    if (left <= 0) throw new TaskTimeoutError(task, timeoutMs);
    await sleep(Math.min(pause, left), signal);
    pause = Math.min(pause * GROWTH, maxIntervalMs);
  }
}

/**
 * Waits for several tasks at once and resolves with them, FINISHED, in the order of `taskIds`. The first
 * task that fails (or times out) rejects the whole wait and stops the polling of the others.
 */
export async function waitForTasks(
  client: CloudClient,
  taskIds: readonly string[],
  options: WaitOptions = {},
): Promise<Task[]> {
  const stop = new AbortController();
  const { signal } = options;
  const forward = () => stop.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener("abort", forward, { once: true });
  try {
    return await Promise.all(
      taskIds.map((id) =>
        waitForTask(client, id, { ...options, signal: stop.signal }).catch((error: unknown) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
  } finally {
    signal?.removeEventListener("abort", forward);
    stop.abort();
  }
}

type CreateBareMetal = operations["createBareMetalServers"];
type ReplacePairs = operations["replacePortAllowedAddressPairs"];

/** The request of `POST /cloud/v1/bminstances/{project_id}/{region_id}`. */
export interface CreateBareMetalServersInit {
  params: { path: CreateBareMetal["parameters"]["path"] };
  body: CreateBareMetal["requestBody"]["content"]["application/json"];
}

/** The request of `PUT /cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs`. */
export interface ReplacePortAllowedAddressPairsInit {
  params: { path: ReplacePairs["parameters"]["path"] };
  body: NonNullable<ReplacePairs["requestBody"]>["content"]["application/json"];
}

/**
 * Creates bare metal servers and waits until all their tasks are FINISHED; resolves with the finished tasks
 * (their `created_resources.instances` name the servers). The POST itself is never retried.
 */
export async function createBareMetalServersAndWait(
  client: CloudClient,
  init: CreateBareMetalServersInit,
  options: WaitOptions = {},
): Promise<Task[]> {
  const sent = client.POST("/cloud/v1/bminstances/{project_id}/{region_id}", {
    ...init,
    signal: options.signal,
  });
  return waitForTasks(client, unwrap(await sent).tasks, options);
}

/** Replaces the allowed address pairs of a port and waits until the resulting tasks are FINISHED. */
export async function replacePortAllowedAddressPairsAndWait(
  client: CloudClient,
  init: ReplacePortAllowedAddressPairsInit,
  options: WaitOptions = {},
): Promise<Task[]> {
  const path = "/cloud/v2/ports/{project_id}/{region_id}/{port_id}/allow_address_pairs";
  return waitForTasks(
    client,
    unwrap(await client.PUT(path, { ...init, signal: options.signal })).tasks,
    options,
  );
}
