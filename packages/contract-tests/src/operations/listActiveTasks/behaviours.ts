// listActiveTasks: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, scopeStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";
import { SERVER_ERROR } from "../sources.js";

const TASKS = "spec/paths/cloud_v1_tasks_{task_id}.yaml";
const ACTIVE = "spec/paths/cloud_v1_tasks_{project_id}_{region_id}_active.yaml";

export const behaviours: readonly Behaviour[] = [
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
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/paths/~1cloud~1v1~1tasks~1{project_id}~1{region_id}~1active/get/description", [
    [
      "Lists the asynchronous tasks of the project in the region that are still active, one page at a time (`limit`, `offset`).",
      ["scope.listActiveTasks", "tasks.only-active", "tasks.pages"],
    ],
    [
      "Filter by kind with `task_type`, repeated once per kind (`?task_type=create_bm&task_type=create_vm`).",
      ["tasks.filter-by-type"],
    ],
  ]),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1tasks~1{project_id}~1{region_id}~1active/get/parameters/2/description",
    [["Only tasks of these kinds.", ["tasks.filter-by-type"]]],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1tasks~1{project_id}~1{region_id}~1active/get/responses/200/links/GetTask/description",
    [
      [
        "Read a listed task (the first of `results`; the others the same way) to follow it to its end.",
        ["ids-retrievable"],
      ],
    ],
  ),
].flat();
