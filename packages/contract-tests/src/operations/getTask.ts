// getTask: the seeded bugs that break it (bench:bugs switches each on alone) and the statements
// that check it (stateful runs each as a probe).
import { noKeyAccepted, outOfScopeAccepted, restatus, SEEDED_TASKS, withoutHeader } from "../bugs/bug-kit.js";
import { defineBug as bug, rewriteStatus, rewriteSuccess } from "../bugs/seeded-bug.js";
import { scopeStatement } from "../stateful/behaviour.js";
import { isFinal } from "../task-states.js";
import type { OperationFacts } from "./operation-facts.js";

const ERRORS = "spec/description.md (Errors), packages/mock/README.md (What the sandbox does)";

export const getTask: OperationFacts = {
  bugs: [
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
    bug(
      "auth.getTask.key-in-url-accepted",
      "a key given as ?apikey= in the URL is accepted",
      async (call) => {
        const key = call.url.searchParams.get("apikey");
        if (key !== null && !call.headers.has("authorization"))
          call.headers.set("authorization", `apikey ${key}`);
        return call.forward();
      },
    ),
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
    bug(
      "retry.getTask.429-without-retry-after",
      "a 429 has no Retry-After",
      withoutHeader(429, "retry-after"),
    ),
  ],
  behaviours: [
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
  ],
};
