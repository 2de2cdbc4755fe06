import type { operations, Task } from "@cloud-contract/types";
import type { CloudClient } from "./call-types.js";
import { CloudError } from "./errors.js";
import { type Redact, redactDeep, redactorOf } from "./redact.js";
import { sleep } from "./sleep.js";
import { unwrap } from "./unwrap.js";

export interface WaitOptions {
  /** The first pause between two polls in ms (default 1 000); it grows by half after every poll. */
  intervalMs?: number;
  /** The longest pause between two polls in ms (default 10 000). */
  maxIntervalMs?: number;
  /**
   * How long to wait for the task(s) in ms before a `TaskTimeoutError` (default 600 000 = 10 minutes): the
   * whole wait, every poll included — a poll still under way when the time is up is cut off.
   */
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

  /** `redact` hides the client's key, should the service echo it in the task. */
  constructor(received: Task, redact?: Redact) {
    const task = redactDeep(received, redact);
    const error = task.error ?? undefined;
    super(`Task ${task.id} (${task.task_type}) failed${error ? `: ${error}` : " without an error text"}`);
    Object.assign(this, { task, taskId: task.id, error });
  }
}

/**
 * A task was still not FINISHED or ERROR when the wait's time was up. `cause` is what the deadline cut off:
 * the poll's TimeoutError, or the pause's abort reason.
 */
export class TaskTimeoutError extends CloudError {
  override name = "TaskTimeoutError";
  declare readonly taskId: string;
  /** The task as last read, undefined when no poll was answered in time. */
  declare readonly lastTask: Task | undefined;
  /** The state the task was last seen in, undefined when no poll was answered in time. */
  declare readonly lastState: Task["state"] | undefined;
  declare readonly timeoutMs: number;

  constructor(taskId: string, lastTask: Task | undefined, timeoutMs: number, cause?: unknown) {
    const seen = lastTask ? `is still ${lastTask.state}` : "had no poll answered";
    super(`Task ${taskId} ${seen} after ${timeoutMs} ms`, { cause });
    Object.assign(this, { taskId, lastTask, lastState: lastTask?.state, timeoutMs });
  }
}

/** A poll was answered with something else than the task asked for: another task's id, or no task at all. */
export class TaskMismatchError extends CloudError {
  override name = "TaskMismatchError";
  declare readonly taskId: string;
  /** The `id` of what the poll answered, undefined when it had none. */
  declare readonly receivedId: unknown;

  constructor(taskId: string, receivedId: unknown) {
    super(`A poll of task ${taskId} was answered with task id ${String(receivedId)}`);
    Object.assign(this, { taskId, receivedId });
  }
}

/**
 * Polls `GET /cloud/v1/tasks/{task_id}` until the task is FINISHED (resolves with it) or ERROR (rejects with
 * {@link TaskFailedError}). Pauses grow from `intervalMs` to `maxIntervalMs`. The whole wait ends within
 * `timeoutMs`: each poll gets only the time left, and when it is up the wait rejects with
 * {@link TaskTimeoutError} (with the state last seen). An error status while polling rejects with the call's
 * `ApiError`; an answer for another task with {@link TaskMismatchError}.
 */
export async function waitForTask(
  client: CloudClient,
  taskId: string,
  options: WaitOptions = {},
): Promise<Task> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxIntervalMs = options.maxIntervalMs ?? DEFAULTS.maxIntervalMs;
  options.signal?.throwIfAborted();
  const time = new AbortController();
  // Timers may fire a little before their time by performance.now(): the wait never gives up early.
  const end = performance.now() + timeoutMs;
  const expire = () => {
    const left = end - performance.now();
    if (left > 0) timer = setTimeout(expire, left);
    else time.abort(new DOMException("The wait timed out", "TimeoutError"));
  };
  let timer = setTimeout(expire, timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, time.signal]) : time.signal;
  let pause = options.intervalMs ?? DEFAULTS.intervalMs;
  let lastTask: Task | undefined;
  try {
    for (;;) {
      const task = unwrap(
        await client.GET("/cloud/v1/tasks/{task_id}", { params: { path: { task_id: taskId } }, signal }),
      );
      // What a server sends need not be a task: a null body, or another task's id.
      const id: unknown = task?.id;
      if (id !== taskId) throw new TaskMismatchError(taskId, redactDeep(id, redactorOf(client)));
      lastTask = task;
      if (lastTask.state === "FINISHED") return lastTask;
      if (lastTask.state === "ERROR") throw new TaskFailedError(lastTask, redactorOf(client));
      await sleep(pause, signal);
      pause = Math.min(pause * GROWTH, maxIntervalMs);
    }
  } catch (error) {
    if (time.signal.aborted && !options.signal?.aborted) {
      throw new TaskTimeoutError(taskId, redactDeep(lastTask, redactorOf(client)), timeoutMs, error);
    }
    throw error;
  } finally {
    clearTimeout(timer);
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
