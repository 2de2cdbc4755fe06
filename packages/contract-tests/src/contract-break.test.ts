// Proof that the suite catches a broken contract: a tiny server answers getTask with a string where the
// spec says integer (user_id). The validator, and the suite itself run against the server as a `url`
// target, must both fail, naming the operation and the field.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCloudClient, waitForTask } from "@cloud-contract/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContractViolationError, createJudge } from "./judge.js";
import { createHarness } from "./suite/harness.js";
import type { ContractSummary } from "./summary.js";
import { runSuiteAgainst } from "./test-support/run-suite.js";

const KEY = "break-test-key";
const TASK_ID = "f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9";

/** A task that is right in every field but one: user_id is a string. */
const brokenTask = (id: string) => ({
  id,
  state: "FINISHED",
  task_type: "create_bm",
  user_id: "9998",
  created_on: "2026-11-21T09:15:02Z",
});

let server: Server;
let baseUrl: string;
let reportsDir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `apikey ${KEY}`)
      return send(401, { message: "Authentication failed." });
    const match = /^\/cloud\/v1\/tasks\/([^/?]+)$/.exec(req.url ?? "");
    if (req.method === "GET" && match?.[1]) return send(200, brokenTask(decodeURIComponent(match[1])));
    return send(404, { message: "Not found." });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  reportsDir = await mkdtemp(join(tmpdir(), "contract-break-"));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(reportsDir, { recursive: true, force: true });
});

describe("a target that breaks the contract", () => {
  it("is caught by the validator through the client, naming the operation, the field and the value", async () => {
    const client = createCloudClient({ baseUrl, apiKey: KEY, retry: false });
    const { response, data } = await client.GET("/cloud/v1/tasks/{task_id}", {
      params: { path: { task_id: TASK_ID } },
    });
    const judge = createJudge();
    const verdict = judge.checkResponse(
      "getTask",
      response.status,
      response.headers.get("content-type"),
      data,
    );
    expect(verdict.valid).toBe(false);
    const error = new ContractViolationError(verdict, judge.model.operation("getTask"));
    expect(error.message).toMatch(
      /getTask \(GET \/cloud\/v1\/tasks\/\{task_id\}\) → 200 application\/json: \/user_id must be integer; got "9998"/,
    );
  });

  it("is caught in responses the client's helpers fetch (the polls of waitForTask), for the test's afterEach", async () => {
    const h = createHarness({
      target: "url",
      baseUrl,
      apiKey: KEY,
      ids: {
        projectId: 1,
        regionId: 1,
        resellerId: 1,
        streamId: 1,
        cdnResourceId: 1,
        securityGroupId: "g",
        portId: "p",
      },
      fixtures: {},
      stateful: false,
      allowMutations: false,
      server: "external",
      sandbox: false,
    });
    const task = await waitForTask(h.client, TASK_ID, { intervalMs: 10 });
    expect(task.state).toBe("FINISHED");
    const [report, ...more] = h.takeUnreported();
    expect(more).toEqual([]);
    expect(report?.operationId).toBe("getTask");
    expect(report?.violations).toEqual([expect.objectContaining({ pointer: "/user_id", value: "9998" })]);
    expect(h.takeUnreported()).toEqual([]);
  });

  it("fails the suite run against it (CONTRACT_TARGET=url), with the operation and field in the output and the JSON report", async () => {
    const { code, output } = await runSuiteAgainst({ baseUrl, apiKey: KEY, reportsDir }, [
      "src/cloud/tasks.contract.test.ts",
      "-t",
      "answers 200 with a task$",
    ]);

    expect(code, output).toBe(1);
    expect(output).toContain("getTask (GET /cloud/v1/tasks/{task_id})");
    expect(output).toContain('/user_id must be integer; got "9998"');

    const summary = JSON.parse(
      await readFile(join(reportsDir, "contract-url.json"), "utf8"),
    ) as ContractSummary;
    expect(summary.target).toBe("url");
    expect(summary.baseUrl).toBe(baseUrl);
    const getTask = summary.operations.find((op) => op.operationId === "getTask");
    expect(getTask).toMatchObject({ failed: 1, passed: 0 });
    expect(getTask?.violations).toEqual([
      expect.objectContaining({ pointer: "/user_id", value: '"9998"', status: 200, kind: "body" }),
    ]);
    expect(await readFile(join(reportsDir, "contract-url.xml"), "utf8")).toContain("<failure");
  });
});
