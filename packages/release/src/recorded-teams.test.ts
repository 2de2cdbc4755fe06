import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { DEFAULT_DEPRECATION_POLICY } from "./diff/deprecation.js";
import type { GatePolicy } from "./policy.js";
import { replayTeams } from "./recorded-teams.js";
import { harOf } from "./test-support/har.js";
import { write } from "./test-support/workspace.js";

/** A spec whose one operation answers a task with `state` of the given type. */
const spec = (state: string) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/tasks/{id}": {
      get: {
        operationId: "getTask",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "the task",
            content: {
              "application/json": {
                schema: { type: "object", properties: { id: { type: "string" }, state: { type: state } } },
              },
            },
          },
        },
      },
    },
  },
});
const POLICY: GatePolicy = { deprecation: DEFAULT_DEPRECATION_POLICY, teams: {}, defaultTeamMode: "block" };

function consumers(): { root: string; folder: string } {
  const root = mkdtempSync(join(tmpdir(), "replay-"));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const folder = join(root, "consumers");
  write(
    join(folder, "web", "tasks.har"),
    harOf([
      {
        method: "GET",
        url: "http://127.0.0.1:4011/tasks/t-1",
        status: 200,
        body: { id: "t-1", state: "RUNNING" },
      },
    ]),
  );
  return { root, folder };
}

describe("replaying the recordings against a branch's base", () => {
  const reasons = ["response: /state now promises number (was string)"];
  const refusal = { team: "web", blocking: true, operation: "getTask (GET /tasks/{id})", reasons };

  it("a base that refuses an exchange alike makes its refusal pending, a copy of the candidate as much as a spec that differs elsewhere", () => {
    const { root, folder } = consumers();
    const candidate = spec("number");
    for (const base of [
      structuredClone(candidate),
      { ...spec("number"), info: { title: "another title", version: "0" } },
    ])
      expect(replayTeams(root, folder, spec("string"), candidate, POLICY, base).refusals).toEqual([
        { ...refusal, exchange: "consumers/web/tasks.har#0 GET /tasks/t-1 → 200", pending: true },
      ]);
  });

  it("a base that still takes the exchange leaves its refusal this branch's own", () => {
    const { root, folder } = consumers();
    expect(
      replayTeams(root, folder, spec("string"), spec("number"), POLICY, spec("string")).refusals,
    ).toEqual([{ ...refusal, exchange: "consumers/web/tasks.har#0 GET /tasks/t-1 → 200" }]);
  });
});
