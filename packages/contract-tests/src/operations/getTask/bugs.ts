// getTask: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import {
  noKeyAccepted,
  outOfScopeAccepted,
  restatus,
  SEEDED_TASKS,
  withoutHeader,
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../../bugs/seeded-bug.js";
import { isFinal } from "../../task-states.js";

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.getTask.state-dropped",
    "a task is answered without its required state",
    rewriteSuccess((b) => {
      delete b.state;
    }),
  ),
  bug(
    "shape.getTask.created-on-not-a-date",
    "a task's created_on is not a date-time",
    rewriteSuccess((b) => {
      b.created_on = "yesterday";
    }),
  ),
  bug(
    "status.getTask.200-as-201",
    "a task is read with 201, which getTask does not document",
    rewriteStatus(200, restatus(201)),
  ),
  bug(
    "auth.getTask.out-of-scope",
    "a key bound to another project reads this project's tasks",
    outOfScopeAccepted,
  ),
  bug("auth.getTask.no-key", "a task is read without an Authorization header", noKeyAccepted),
  bug("auth.getTask.key-in-url-accepted", "a key given as ?apikey= in the URL is accepted", async (call) => {
    const key = call.url.searchParams.get("apikey");
    if (key !== null && !call.headers.has("authorization"))
      call.headers.set("authorization", `apikey ${key}`);
    return call.forward();
  }),
  bug(
    "behaviour.getTask.failed-task-finished",
    "a task that failed is answered FINISHED, with no error",
    rewriteSuccess((t) => {
      if (t.state !== "ERROR") return;
      t.state = "FINISHED";
      t.error = null;
    }),
  ),
  bug(
    "behaviour.getTask.never-ends",
    "a task a call started stays RUNNING forever",
    rewriteSuccess((b) => {
      if (SEEDED_TASKS.has(String(b.id))) return;
      b.state = "RUNNING";
      b.finished_on = null;
      b.created_resources = null;
    }),
  ),
  bug(
    "behaviour.getTask.end-time-missing",
    "a task that ended has no finished_on",
    rewriteSuccess((b) => {
      if (b.state === "FINISHED" || b.state === "ERROR") b.finished_on = null;
    }),
  ),
  bug(
    "fields.getTask.running-with-finished-on",
    "a running task is answered with finished_on set to when it began",
    rewriteSuccess((t) => {
      if (!isFinal(String(t.state))) t.finished_on = t.created_on;
    }),
  ),
  bug(
    "fields.getTask.error-without-reason",
    "a task in ERROR is answered with error null",
    rewriteSuccess((t) => {
      if (t.state === "ERROR") t.error = null;
    }),
  ),
  bug(
    "scope.getTask.other-task",
    "a task is answered with another task's id",
    rewriteSuccess((t) => {
      if (typeof t.id === "string") t.id = `${t.id.slice(0, -4)}beef`;
    }),
  ),
  bug(
    "errors.getTask.404-without-request-id",
    "an unknown task's 404 has no X-Request-Id",
    withoutHeader(404, "x-request-id"),
  ),
  bug("retry.getTask.429-without-retry-after", "a 429 has no Retry-After", withoutHeader(429, "retry-after")),
];
