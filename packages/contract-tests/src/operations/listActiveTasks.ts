// listActiveTasks: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
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
} from "../bugs/bug-kit.js";
import {
  defineBug as bug,
  isSuccess,
  rewriteRequest,
  rewriteStatus,
  rewriteSuccess,
} from "../bugs/seeded-bug.js";
import { objectOf, objectsOf, stringsOf } from "../json-fields.js";
import { scopeStatement } from "../stateful/behaviour.js";
import { isFinal } from "../task-states.js";
import type { OperationFacts } from "./operation-facts.js";
import { SERVER_ERROR } from "./sources.js";

const TASKS = "spec/paths/cloud_v1_tasks_{task_id}.yaml";
const ACTIVE = "spec/paths/cloud_v1_tasks_{project_id}_{region_id}_active.yaml";

/** The task kinds the spec knows (TaskType's enum). */
const TASK_TYPES = () =>
  stringsOf(objectOf(loadDocument().resolve({ $ref: "#/components/schemas/TaskType" })).enum);

export const listActiveTasks: OperationFacts = {
  bugs: [
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
  ],
  behaviours: [
    {
      id: "tasks.listed-until-ended",
      operationId: "listActiveTasks",
      source: `${TASKS} links.ListActiveTasks`,
      from: "createBareMetalServers",
      statement: "until a task ends, it is listed among the active tasks of its project and region",
      probe: "links-followed",
      check: "ids-retrievable",
      brokenBy: "behaviour.listActiveTasks.task-never-shows-up",
    },
    {
      id: "tasks.only-active",
      operationId: "listActiveTasks",
      source: ACTIVE,
      statement: "the active tasks are those still active: no listed task is FINISHED or ERROR",
      probe: "only-active",
      check: "tasks-end",
      brokenBy: "behaviour.listActiveTasks.ended-task-listed",
    },
    {
      id: "tasks.filter-by-type",
      operationId: "listActiveTasks",
      source: ACTIVE,
      statement: "task_type keeps only tasks of the kinds named",
      probe: "filter-holds",
      check: "filters-hold",
      brokenBy: "behaviour.listActiveTasks.filter-ignored",
      filter: { parameter: "task_type", field: ["task_type"] },
    },
    {
      id: "tasks.pages",
      operationId: "listActiveTasks",
      source: ACTIVE,
      statement: "one page at a time (limit, offset) with the total count",
      probe: "pages",
      check: "pages-consistent",
      brokenBy: "behaviour.listActiveTasks.page-ignored",
    },
    {
      id: "tasks.count",
      operationId: "listActiveTasks",
      source: ACTIVE,
      statement: "count is the number of active tasks, over all pages",
      probe: "pages",
      check: "pages-consistent",
      brokenBy: "behaviour.listActiveTasks.count-lies",
    },
    {
      id: "auth.scheme-any-case",
      operationId: "listActiveTasks",
      source: "spec/components/securitySchemes/ApiKey.yaml",
      statement: "the scheme word is case-insensitive: apikey, APIKey and ApiKey are accepted",
      probe: "scheme-case",
      check: "auth-required",
      brokenBy: "auth.listActiveTasks.scheme-case-sensitive",
    },
    {
      id: "auth.scope",
      operationId: "listActiveTasks",
      source: "spec/components/responses/*Forbidden.yaml, x-tenant-scope",
      statement: "a valid key may not act on a project or reseller outside its scope (403)",
      probe: "scope",
      check: "auth-required",
      brokenBy: "auth.listActiveTasks.out-of-scope",
    },
    {
      id: "tasks.listed-no-end-while-running",
      operationId: "listActiveTasks",
      from: "createBareMetalServers",
      source: "spec/components/schemas/Task.yaml finished_on",
      statement: "a listed active task has no finished_on",
      probe: "task-fields",
      check: "fields-agree",
      brokenBy: "fields.listActiveTasks.running-with-finished-on",
    },
    {
      id: "tasks.page-edges",
      operationId: "listActiveTasks",
      source: `${ACTIVE}, spec/description.md (Pagination)`,
      statement:
        "an offset at the count gives an empty page, the last offset one item, and a limit above the default page (with more items than it) every item",
      probe: "page-edges",
      check: "pages-consistent",
      brokenBy: "pages.listActiveTasks.limit-capped-at-default",
    },
    {
      id: "errors.no-internals",
      operationId: "listActiveTasks",
      source: "packages/mock/README.md (What the sandbox does): No error shows hosts, ports or paths",
      statement: "no error of any operation shows a host, a port or a file path",
      probe: "error-bodies",
      check: "errors-documented",
      brokenBy: "errors.listActiveTasks.error-shows-host",
    },
    {
      id: "errors.retry-after",
      operationId: "listActiveTasks",
      source: `spec/components/responses/*TooManyRequests.yaml, ${SERVER_ERROR}`,
      statement: "a 429 and a 503 of any operation carry Retry-After",
      probe: "retry-after",
      check: "errors-documented",
      brokenBy: "retry.listActiveTasks.503-without-retry-after",
    },
    scopeStatement(
      "listActiveTasks",
      "the active tasks listed are those of the project and region in the path",
      "scope.listActiveTasks.other-region-listed",
    ),
  ],
};
