// The sandbox's control API fuzzed from its own OpenAPI file (@cloud-contract/mock/control/openapi.json) with
// the generate engine: for every operation, steered and random valid requests and one request per constraint
// broken, each judged against that file. No 5xx, no answer the file does not document, and the sandbox still
// answers after each operation's run.

import { type RunningSandbox, SANDBOX_FIXTURES, startSandbox } from "@cloud-contract/mock";
import controlBundle from "@cloud-contract/mock/control/openapi.json" with { type: "json" };
import type { OpenApiDocument } from "@cloud-contract/spec/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoverageModel } from "../coverage-report/model.js";
import { createJudge } from "../judge.js";
import { requestModels } from "../request-model.js";
import { OperationGenerator } from "./engine.js";

const doc = controlBundle as unknown as OpenApiDocument;
const judge = createJudge(doc);
const models = requestModels(doc);
/** Random valid cases per operation (steered and invalid ones come on top). */
const CASES = 150;

let sandbox: RunningSandbox;
const failures: string[] = [];
const sent: Record<string, number> = {};

beforeAll(async () => {
  // Tenant creation is fuzzed too: the per-address limit is lifted so that it answers 201 more often than 429.
  sandbox = await startSandbox({ port: 0, tenantCreation: { burst: 10_000, everyMs: 1 } });
});

afterAll(async () => {
  await sandbox?.stop();
});

/** A tenant of its own for one operation's run, and the ids its path parameters take. */
async function tenantFor(operationId: string): Promise<{ key: string; pathParams: Record<string, string> }> {
  const res = await fetch(`${sandbox.url}/__sandbox/tenants`, {
    method: "POST",
    headers: { Authorization: `apikey ${SANDBOX_FIXTURES.apiKey}` },
  });
  expect(res.status, operationId).toBe(201);
  const tenant = (await res.json()) as { api_key: string };
  const json = { Authorization: `apikey ${tenant.api_key}`, "Content-Type": "application/json" };
  const fault = (await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ kind: "latency", delay_ms: 0, operation_id: "getTask" }),
  }).then((r) => r.json())) as { id: string };
  const override = (await fetch(`${sandbox.url}/__sandbox/overrides`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ operation_id: "getTask", status: 404 }),
  }).then((r) => r.json())) as { id: string };
  return {
    key: tenant.api_key,
    pathParams: {
      task_id: SANDBOX_FIXTURES.runningTaskIds[0] ?? "",
      fault_id: fault.id,
      override_id: override.id,
    },
  };
}

describe("the control API fuzzed from control/openapi.yaml", () => {
  it.each(models.map((m) => [m.operationId, m] as const))(
    "%s: every answer documented, none a 5xx, the sandbox alive after",
    async (operationId, model) => {
      const { key, pathParams } = await tenantFor(operationId);
      const generator = new OperationGenerator(
        doc,
        model,
        judge,
        createCoverageModel(judge),
        { baseUrl: sandbox.url, apiKey: key, acceptPrismProblems: false },
        { cases: CASES, seed: 52, pathParams },
      );
      const run = await generator.run();
      sent[operationId] = run.sent;
      for (const failure of run.failures) failures.push(`${operationId}: ${failure.reason}`);
      expect(run.failures.map((f) => f.reason)).toEqual([]);
      expect(run.sent).toBeGreaterThan(0);
      const alive = await fetch(`${sandbox.url}/__sandbox/clock`, {
        headers: { Authorization: `apikey ${SANDBOX_FIXTURES.apiKey}` },
      });
      expect(alive.status).toBe(200);
    },
  );

  it("covered every operation of the file", () => {
    expect(Object.keys(sent).sort()).toEqual(models.map((m) => m.operationId).sort());
    expect(failures).toEqual([]);
  });
});
