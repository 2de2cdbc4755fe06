import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { harOf } from "../test-support/har.js";
import { gate, workspace, write } from "../test-support/workspace.js";

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });

function released() {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/tasks/{id}": {
        get: {
          operationId: "getTask",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "the task", content: json("Task") },
            "404": { description: "no such task", content: json("Error") },
          },
        },
      },
      "/tasks": {
        post: {
          operationId: "createTask",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } },
            },
          },
          responses: { "201": { description: "created", content: json("Task") } },
        },
      },
    },
    components: {
      schemas: {
        Task: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "string" }, state: { type: "string" } },
        },
        Error: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
      },
    },
  };
}

const BASE = "http://127.0.0.1:4011";

/** Two teams: web reads a task and handles its 404; cli reads and creates. Both block by policy. */
function withTeams(candidate: unknown, policy = "consumers:\n  teams:\n    web: block\n    cli: block\n") {
  const root = workspace(released(), candidate);
  write(join(root, "release-gate.yaml"), policy);
  write(
    join(root, "consumers", "web", "tasks.har"),
    harOf([
      { method: "GET", url: `${BASE}/tasks/t-1`, status: 200, body: { id: "t-1", state: "RUNNING" } },
      { method: "GET", url: `${BASE}/tasks/gone`, status: 404, body: { message: "no such task" } },
      { method: "POST", url: `${BASE}/__sandbox/clock`, status: 200, body: {} },
    ]),
  );
  write(
    join(root, "consumers", "cli", "tasks.har"),
    harOf([
      { method: "GET", url: `${BASE}/tasks/t-2`, status: 200, body: { id: "t-2" } },
      { method: "POST", url: `${BASE}/tasks`, status: 201, body: { id: "t-3" }, requestBody: { name: "n" } },
    ]),
  );
  return root;
}

function without404() {
  const doc = released();
  delete (doc.paths["/tasks/{id}"].get.responses as Record<string, unknown>)["404"];
  return doc;
}

describe("the consumers' recordings", () => {
  it("pass unchanged, and every finding says which teams' recordings touch its operation", async () => {
    const doc = released();
    (doc.components.schemas.Task.properties as Record<string, unknown>).progress = { type: "integer" };
    const { code, output } = await gate(withTeams(doc), "--format", "json");
    expect(code, output).toBe(0);
    const report = JSON.parse(output);
    expect(report.replayed).toEqual({ teams: ["cli", "web"], exchanges: 5, skipped: 1 });
    const touches = report.findings.map((f: { operation: string; touches: unknown }) => [
      f.operation,
      f.touches,
    ]);
    expect(touches).toContainEqual([
      "GET /tasks/{id}",
      [
        { team: "cli", exchanges: 1, labels: ["consumers/cli/tasks.har#0 GET /tasks/t-2 → 200"] },
        {
          team: "web",
          exchanges: 2,
          labels: [
            "consumers/web/tasks.har#0 GET /tasks/t-1 → 200",
            "consumers/web/tasks.har#1 GET /tasks/gone → 404",
          ],
        },
      ],
    ]);
    expect(touches).toContainEqual([
      "POST /tasks",
      [{ team: "cli", exchanges: 1, labels: ["consumers/cli/tasks.har#1 POST /tasks → 201"] }],
    ]);
  });

  it("fail on a warning-level change that refuses one team's recorded exchange, naming team, operation and exchange", async () => {
    const { code, output } = await gate(withTeams(without404()));
    expect(code, output).toBe(1);
    expect(output).toContain(
      "warning [response-non-success-status-removed] GET /tasks/{id}: response 404 removed",
    );
    expect(output).toContain(
      "error team web, getTask (GET /tasks/{id}), consumers/web/tasks.har#1 GET /tasks/gone → 404",
    );
    expect(output).toContain("team web: 1 recorded exchange(s) refused by the candidate (blocks)");
    expect(output).not.toMatch(/team cli/);
    expect(output).toMatch(/FAILED$/);
  });

  it("pass the same change with a warning once that team's recordings are gone", async () => {
    const root = withTeams(without404());
    rmSync(join(root, "consumers", "web"), { recursive: true });
    const { code, output } = await gate(root);
    expect(code, output).toBe(0);
    expect(output).toContain(
      "warning [response-non-success-status-removed] GET /tasks/{id}: response 404 removed",
    );
    expect(output).toContain("recordings touch it: cli (1: consumers/cli/tasks.har#0 GET /tasks/t-2 → 200)");
    expect(output).toContain("consumers: 2 recorded exchange(s) of 1 team(s) replayed, 0 refused");
    expect(output).toMatch(/PASSED$/);
  });

  it("name a recording they cannot read, and fail for a blocking team", async () => {
    const root = withTeams(released());
    write(join(root, "consumers", "web", "cut.har"), '{"log": {"version": "1.2", "entries": [');
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain("error team web, (unreadable), consumers/web/cut.har");
    expect(output).toMatch(/ {4}not JSON \(truncated\?\): /);
  });

  it("only warn for a team the policy lets warn", async () => {
    const { code, output } = await gate(
      withTeams(without404(), "consumers:\n  teams:\n    web: warn\n  default: block\n"),
    );
    expect(code, output).toBe(0);
    expect(output).toContain("warning team web, getTask (GET /tasks/{id}), consumers/web/tasks.har#1");
    expect(output).toContain(
      "warning: team web: 1 recorded exchange(s) refused by the candidate (warns only)",
    );
  });

  it("take a comma-joined array (explode: false) as its items, and refuse an item the candidate drops", async () => {
    const doc = released();
    const list = doc.paths["/tasks/{id}"].get as Record<string, unknown>;
    const param = {
      name: "fields",
      in: "query",
      explode: false,
      schema: { type: "array", items: { enum: ["id", "state"] } },
    };
    list.parameters = [...(list.parameters as unknown[]), param];
    const root = withTeams(doc);
    const har = harOf([
      { method: "GET", url: `${BASE}/tasks/t-1?fields=id,state`, status: 200, body: { id: "t-1" } },
    ]);
    write(join(root, "consumers", "cli", "fields.har"), har);
    write(join(root, "spec", "released", "openapi.json"), doc);
    expect((await gate(root)).code).toBe(0);
    const narrower = structuredClone(doc);
    const items = (
      narrower.paths["/tasks/{id}"].get.parameters as Array<{ schema?: { items?: { enum?: string[] } } }>
    )[1];
    if (items?.schema?.items) items.schema.items.enum = ["id"];
    write(join(root, "spec", "dist", "openapi.json"), narrower);
    const { code, output } = await gate(root);
    expect(code, output).toBe(1);
    expect(output).toContain(
      "error team cli, getTask (GET /tasks/{id}), consumers/cli/fields.har#0 GET /tasks/t-1?fields=id,state → 200",
    );
    expect(output).toContain("request: query parameter fields/1 must be equal to one of the allowed values");
  });

  it("name a recorded request the candidate would refuse (a new required field), with the reason", async () => {
    const doc = released();
    const body = doc.paths["/tasks"].post.requestBody.content["application/json"].schema as Record<
      string,
      unknown
    >;
    body.required = ["region"];
    body.properties = { name: { type: "string" }, region: { type: "string" } };
    const { code, output } = await gate(withTeams(doc), "--format", "github");
    expect(code, output).toBe(1);
    expect(output).toContain(
      "::error title=consumer cli::createTask (POST /tasks), consumers/cli/tasks.har#1 POST /tasks → 201: request: body / must have required property 'region'",
    );
  });

  it.each([
    [
      "removed",
      (task: TaskSchema) => delete task.properties.state,
      'response: /state field "state" is no longer in the candidate\'s schema, and the recorded answer carries it',
    ],
    [
      "now writeOnly",
      (task: TaskSchema) => Object.assign(task.properties.state as object, { writeOnly: true }),
      'response: /state field "state" is now writeOnly: the candidate no longer sends it',
    ],
    [
      "now of another type",
      (task: TaskSchema) => Object.assign(task.properties.state as object, { type: ["string", "integer"] }),
      "response: /state now promises integer | string (was string)",
    ],
    [
      "now nullable",
      (task: TaskSchema) => Object.assign(task.properties.state as object, { type: ["string", "null"] }),
      "response: /state now nullable (null | string, was string)",
    ],
  ])(
    "fail a field a team received that the candidate %s, naming team, operation and exchange",
    async (_, edit, reason) => {
      const doc = released();
      edit(doc.components.schemas.Task as TaskSchema);
      const { code, output } = await gate(withTeams(doc));
      expect(code, output).toBe(1);
      // Only web's recorded answer carries `state`; cli's does not, so cli is not named.
      expect(output).toContain(
        "error team web, getTask (GET /tasks/{id}), consumers/web/tasks.har#0 GET /tasks/t-1 → 200",
      );
      expect(output).toContain(`    ${reason}`);
      expect(output).toContain("team web: 1 recorded exchange(s) refused by the candidate (blocks)");
      expect(output).not.toMatch(/team cli/);
    },
  );

  it("judge a response enum by the values the candidate may now send, in nested items too", async () => {
    const doc = released();
    const task = doc.components.schemas.Task as TaskSchema;
    task.properties.state = { type: "string", enum: ["RUNNING", "FINISHED"] };
    const root = withTeams(doc);
    write(join(root, "spec", "released", "openapi.json"), doc);
    const wider = structuredClone(doc);
    (wider.components.schemas.Task as TaskSchema).properties.state = {
      type: "string",
      enum: ["RUNNING", "FINISHED", "PAUSED"],
    };
    write(join(root, "spec", "dist", "openapi.json"), wider);
    const { code, output } = await gate(root, "--format", "json");
    expect(code, output).toBe(1);
    const refusals = JSON.parse(output).refusals;
    expect(refusals).toEqual([
      {
        team: "web",
        blocking: true,
        operation: "getTask (GET /tasks/{id})",
        exchange: "consumers/web/tasks.har#0 GET /tasks/t-1 → 200",
        reasons: ['response: /state may now be "PAUSED"'],
      },
    ]);
  });

  it("only warn for a response change that a warning team receives", async () => {
    const doc = released();
    delete (doc.components.schemas.Task as TaskSchema).properties.state;
    const root = withTeams(doc, "consumers:\n  teams:\n    web: warn\n    cli: block\n");
    // A response field removed breaks code reading it through the types: an error a major bump answers.
    const bump =
      '---\n"@cloud-contract/types": major\n"@cloud-contract/client": major\n---\n\nTask.state removed.\n';
    write(join(root, ".changeset", "remove-task-state.md"), bump);
    const { code, output } = await gate(root);
    expect(code, output).toBe(0);
    expect(output).toContain("warning team web, getTask (GET /tasks/{id}), consumers/web/tasks.har#0");
  });
});

type TaskSchema = { properties: Record<string, unknown> };
