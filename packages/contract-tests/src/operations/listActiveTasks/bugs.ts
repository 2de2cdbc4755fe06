// listActiveTasks: the seeded bugs that break it (bench:bugs switches each on alone; the statements in behaviours.ts
// beside this file name the bug that breaks each). Not published with the package.
import { SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import {
  capLimit,
  each,
  lastItemDropped,
  leaking,
  otherShape,
  outOfScopeAccepted,
  pastTheEnd,
  plusOne,
  SEEDED_TASKS,
  withoutHeader,
} from "../../bugs/bug-kit.js";
import type { SeededBug } from "../../bugs/seeded-bug.js";
import {
  defineBug as bug,
  isSuccess,
  rewriteRequest,
  rewriteStatus,
  rewriteSuccess,
} from "../../bugs/seeded-bug.js";
import { objectOf, objectsOf, stringsOf } from "../../json-fields.js";
import { isFinal } from "../../task-states.js";

/** The task kinds the spec knows (TaskType's enum). */
const TASK_TYPES = () =>
  stringsOf(objectOf(loadDocument().resolve({ $ref: "#/components/schemas/TaskType" })).enum);

export const bugs: readonly SeededBug[] = [
  bug(
    "shape.listActiveTasks.count-as-string",
    "the active tasks' count is a string",
    rewriteSuccess((b) => {
      b.count = String(b.count);
    }),
  ),
  bug(
    "shape.listActiveTasks.state-null",
    "a listed task's state is null, which it may not be",
    rewriteSuccess((b) => each(b, (t) => (t.state = null))),
  ),
  bug(
    "status.listActiveTasks.400-in-another-shape",
    "a refused task list has an error body in no cloud shape",
    rewriteStatus(400, otherShape),
  ),
  bug(
    "auth.listActiveTasks.out-of-scope",
    "a key bound to another project lists this project's tasks",
    outOfScopeAccepted,
  ),
  bug(
    "auth.listActiveTasks.scheme-case-sensitive",
    "the scheme word is only accepted as `apikey`: `APIKey <key>` is refused",
    async (call) => {
      const scheme = /^(\S+)\s/.exec(call.headers.get("authorization") ?? "")?.[1];
      if (scheme !== undefined && scheme !== "apikey" && scheme.toLowerCase() === "apikey") {
        return { status: 401, contentType: "application/json", body: { message: "Invalid scheme" } };
      }
      return call.forward();
    },
  ),
  bug(
    "validation.listActiveTasks.unknown-task-type-dropped",
    "a task_type outside its enum is dropped instead of refused",
    rewriteRequest((call) => {
      const known = TASK_TYPES();
      const kept = call.url.searchParams.getAll("task_type").filter((t) => known.includes(t));
      call.url.searchParams.delete("task_type");
      for (const t of kept) call.url.searchParams.append("task_type", t);
    }),
  ),
  bug(
    "behaviour.listActiveTasks.filter-ignored",
    "task_type is ignored: tasks of every kind are listed",
    rewriteRequest((call) => call.url.searchParams.delete("task_type")),
  ),
  bug(
    "behaviour.listActiveTasks.page-ignored",
    "offset is ignored: every page starts at the first task",
    rewriteRequest((call) => call.url.searchParams.delete("offset")),
  ),
  bug(
    "behaviour.listActiveTasks.count-lies",
    "count is one more than the active tasks",
    rewriteSuccess((b) => {
      b.count = Number(b.count) + 1;
    }),
  ),
  bug(
    "behaviour.listActiveTasks.task-never-shows-up",
    "a task a call started is never listed among the active tasks",
    rewriteSuccess((b) => {
      const results = objectsOf(b.results);
      const kept = results.filter((t) => SEEDED_TASKS.has(String(t.id)));
      b.count = Number(b.count) - (results.length - kept.length);
      b.results = kept;
    }),
  ),
  bug(
    "behaviour.listActiveTasks.ended-task-listed",
    "the seeded FINISHED task is listed among the active ones",
    async (call) => {
      const answer = await call.forward();
      if (!isSuccess(answer.status)) return answer;
      const url = call.url;
      call.url = new URL(`${url.origin}/cloud/v1/tasks/${SANDBOX_FIXTURES.finishedTaskId}`);
      const method = call.method;
      call.method = "GET";
      const finished = await call.forward();
      call.url = url;
      call.method = method;
      const body = objectOf(structuredClone(answer.body));
      if (isSuccess(finished.status)) {
        body.results = [finished.body, ...objectsOf(body.results)];
        body.count = Number(body.count) + 1;
      }
      return { ...answer, body };
    },
  ),
  bug(
    "fields.listActiveTasks.running-with-finished-on",
    "a listed active task carries a finished_on",
    rewriteSuccess((b) => {
      for (const t of objectsOf(b.results)) if (!isFinal(String(t.state))) t.finished_on = t.created_on;
    }),
  ),
  bug(
    "scope.listActiveTasks.other-region-listed",
    "a task of the next region is listed too",
    plusOne("region_id"),
  ),
  bug(
    "scope.listActiveTasks.other-project-listed",
    "a task of the next project is listed too",
    plusOne("project_id"),
  ),
  bug(
    "pages.listActiveTasks.offset-past-end-wraps",
    "an offset past the end answers the first page",
    pastTheEnd(() => 0),
  ),
  bug("pages.listActiveTasks.limit-capped-at-default", "a limit above 10 is taken as 10", capLimit(10)),
  bug(
    "pages.listActiveTasks.last-item-dropped",
    "a page that starts at the last task is empty",
    lastItemDropped,
  ),
  bug(
    "errors.listActiveTasks.error-shows-host",
    "errors name the upstream host",
    leaking("(upstream http://10.12.0.7:8080/v1/tasks)"),
  ),
  bug(
    "retry.listActiveTasks.503-without-retry-after",
    "a 503 has no Retry-After",
    withoutHeader(503, "retry-after"),
  ),
];
