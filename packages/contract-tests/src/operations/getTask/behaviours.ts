// getTask: the statements that check it (stateful runs each as a probe; each names a seeded bug that breaks
// it, in bugs.ts beside this file).

import { type Behaviour, scopeStatement } from "../../stateful/behaviour.js";
import { type SentenceStatement, sentencesAt } from "../../stateful/sentence-statement.js";

const ERRORS = "spec/description.md (Errors), packages/mock/README.md (What the sandbox does)";

export const behaviours: readonly Behaviour[] = [
  {
    id: "tasks.end",
    operationId: "getTask",
    from: "createBareMetalServers",
    source:
      "spec/paths/cloud_v1_bminstances_{project_id}_{region_id}.yaml, spec/components/schemas/TaskState.yaml",
    statement: "a creation's tasks end, FINISHED or ERROR; a FINISHED creation names what it created",
    probe: "tasks-end",
    check: "tasks-end",
    brokenBy: "behaviour.getTask.never-ends",
  },
  {
    id: "tasks.forward",
    operationId: "getTask",
    source: "spec/components/schemas/TaskState.yaml, spec/components/schemas/Task.yaml",
    from: "createBareMetalServers",
    statement: "FINISHED and ERROR are final; a task that ended has finished_on",
    probe: "tasks-end",
    check: "tasks-forward",
    brokenBy: "behaviour.getTask.end-time-missing",
  },
  {
    id: "auth.key-required",
    operationId: "getTask",
    source: "spec/components/securitySchemes/ApiKey.yaml",
    statement:
      "every operation needs `Authorization: apikey <key>`, the key compared exactly: none or an unknown one is a 401 or 403",
    probe: "auth",
    check: "auth-required",
    brokenBy: "auth.getTask.no-key",
  },
  {
    id: "auth.not-in-url",
    operationId: "getTask",
    source: "spec/components/securitySchemes/ApiKey.yaml",
    statement: "the key is never accepted in the URL",
    probe: "key-not-in-url",
    check: "auth-required",
    brokenBy: "auth.getTask.key-in-url-accepted",
  },
  {
    id: "tasks.no-end-while-running",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/components/schemas/Task.yaml finished_on",
    statement: "finished_on is null while the task runs (NEW or RUNNING)",
    probe: "task-fields",
    check: "fields-agree",
    brokenBy: "fields.getTask.running-with-finished-on",
  },
  {
    id: "tasks.error-says-why",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/description.md (Asynchronous tasks)",
    statement: "a task in ERROR says why in error",
    probe: "task-fields",
    check: "fields-agree",
    brokenBy: "fields.getTask.error-without-reason",
  },
  {
    id: "tasks.keypair-named",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/components/schemas/TaskInstanceCreationData.yaml keypair_name",
    statement:
      "a creation's task names in data.keypair_name the SSH key pair the creation sent, or null when it sent none",
    probe: "task-data",
    check: "fields-agree",
    brokenBy: "behaviour.createBareMetalServers.ssh-key-ignored",
  },
  {
    id: "errors.request-id",
    operationId: "getTask",
    source: ERRORS,
    statement: "every error of every operation carries X-Request-Id",
    probe: "error-bodies",
    check: "errors-documented",
    brokenBy: "errors.getTask.404-without-request-id",
  },
  {
    id: "auth.scope-of-resource",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "spec/components/responses/CloudForbidden.yaml",
    statement: "a key may not read a task of a project it is not bound to (403)",
    probe: "scope-of-resource",
    check: "auth-required",
    brokenBy: "auth.getTask.out-of-scope",
  },
  {
    id: "bare-metal.unknown-flavor-fails",
    operationId: "getTask",
    from: "createBareMetalServers",
    source: "packages/mock/README.md (What the sandbox does): Tasks",
    statement:
      "a bare metal creation of an unknown flavor is taken, and its task ends in ERROR with an error and nothing created",
    probe: "unknown-flavor-fails",
    check: "tasks-end",
    brokenBy: "behaviour.getTask.failed-task-finished",
  },
  scopeStatement("getTask", "the task read is the one in the path", "scope.getTask.other-task"),
];

/** The behavioural sentences of its descriptions and what checks each (see stateful/statements.ts). */
export const sentences: readonly SentenceStatement[] = [
  sentencesAt("openapi.json#/paths/~1cloud~1v1~1tasks~1{task_id}/get/description", [
    [
      "Poll it after an operation that answered with task ids, until `state` is `FINISHED` or `ERROR`.",
      ["tasks.end"],
    ],
  ]),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1tasks~1{task_id}/get/responses/200/links/ListActiveTasks/description",
    [
      [
        "Until the task ends, it is listed among the active tasks of its project and region.",
        ["tasks.listed-until-ended"],
      ],
    ],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1tasks~1{task_id}/get/responses/200/links/UpdateCreatedSecurityGroup/description",
    [
      [
        "Change a security group the task created (the first of `created_resources.security_groups`; the others the same way), once the task is `FINISHED`.",
        ["ids-retrievable"],
      ],
    ],
  ),
  sentencesAt(
    "openapi.json#/paths/~1cloud~1v1~1tasks~1{task_id}/get/responses/200/links/ReplaceCreatedPortAddressPairs/description",
    [
      [
        "Replace the allowed address pairs of a port the task created (the first of `created_resources.ports`; the others the same way), once the task is `FINISHED`.",
        ["ids-retrievable"],
      ],
    ],
  ),
].flat();
