// How a task's state moves on (NEW → RUNNING → FINISHED or ERROR, never back), and the tasks an answer shows:
// shared by the stateful sequences' tasks-forward check and by parity's comparison of task endings.
import type { Judge } from "./judge.js";
import { objectMembers } from "./schema-keywords.js";

/** A state's place in a task's life; FINISHED and ERROR are both ends. */
export const TASK_RANK: Readonly<Record<string, number>> = { NEW: 0, RUNNING: 1, FINISHED: 2, ERROR: 2 };

export const isFinal = (state: string | undefined): boolean => state === "FINISHED" || state === "ERROR";

/** The tasks an answer shows: the answer itself when it is a task, or the tasks among its `results`. */
export function tasksIn<T extends { id: string; state: string }>(judge: Judge, body: unknown): T[] {
  const results = objectMembers(body)?.results;
  const items: unknown[] = Array.isArray(results) ? results : [body];
  return items.filter((item) => judge.matchesSchema("Task", item)) as T[];
}
