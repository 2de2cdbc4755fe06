// A kept parity case judges a new answer against the recorded one as well as the spec: a different status, or
// a body field the recording had and the answer lacks, still fails it; the same status and fields pass.
// The answers are a real sandbox's.
import { type RunningSandbox, SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RequestCase } from "../generate/request-case.js";
import { keptCaseFailure } from "./kept-case.js";

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.stop();
});

async function answer(path: string) {
  const response = await fetch(`${sandbox.url}${path}`, {
    headers: { authorization: `apikey ${SANDBOX_API_KEY}` },
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: await response.json(),
  };
}

const listCase: RequestCase = {
  kind: "valid",
  operationId: "listPlanContents",
  method: "GET",
  path: "/billing/org/v1/plans/contents",
  query: [["limit", "2"]],
  plan: "recorded",
  seed: 0,
};

it("passes an answer with the recorded status and fields, and names a field the recording had that is gone", async () => {
  const now = await answer("/billing/org/v1/plans/contents?limit=2");
  expect(now.status).toBe(200);
  const recorded = { status: 200, body: now.body };
  expect(keptCaseFailure({ ...listCase, recorded }, now.status, now.contentType, now.body)).toBeUndefined();
  const richer = { status: 200, body: { ...now.body, recorded_only: "x" } };
  expect(keptCaseFailure({ ...listCase, recorded: richer }, now.status, now.contentType, now.body)).toBe(
    "missing-field /recorded_only: recorded string, now absent",
  );
});

it("fails an answer whose documented status differs from the recorded one", async () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const now = await answer(`/cloud/v1/tasks/${id}`);
  expect(now.status).toBe(404);
  const taskCase: RequestCase = {
    ...listCase,
    operationId: "getTask",
    path: `/cloud/v1/tasks/${id}`,
    query: [],
  };
  expect(keptCaseFailure(taskCase, now.status, now.contentType, now.body)).toBeUndefined();
  expect(
    keptCaseFailure(
      { ...taskCase, recorded: { status: 200, body: {} } },
      now.status,
      now.contentType,
      now.body,
    ),
  ).toBe("status 404, recorded 200");
});
