import { describe, expect, it } from "vitest";
import { operationsOf, summarize, type TestRecord } from "./summary.js";

const operations = [
  { operationId: "getTask", method: "GET", path: "/cloud/v1/tasks/{task_id}", statuses: ["200"] },
  {
    operationId: "listActiveTasks",
    method: "GET",
    path: "/cloud/v1/tasks/{p}/{r}/active",
    statuses: ["200"],
  },
  {
    operationId: "previewInstancePrice",
    method: "POST",
    path: "/cloud/v2/pricing/{p}/{r}/instances",
    statuses: ["200"],
  },
];
const known = operations.map((o) => o.operationId);

const record = (name: string, state: TestRecord["state"], extra: Partial<TestRecord> = {}): TestRecord => ({
  name,
  file: "x.contract.test.ts",
  state,
  errors: [],
  ...extra,
});

describe("operationsOf", () => {
  it("finds operationIds in the name as whole words and adds the called ones", () => {
    expect(operationsOf(record("getTask — GET /x > answers 200", "passed"), known)).toEqual(["getTask"]);
    expect(operationsOf(record("getTasks is not getTask_", "passed"), known)).toEqual([]);
    const called = record("task lifecycle", "passed", {
      meta: { operations: ["listActiveTasks", "getTask"], violations: [], prismProblems: [] },
    });
    expect(operationsOf(called, known)).toEqual(["getTask", "listActiveTasks"]);
  });
});

describe("summarize", () => {
  it("counts per operation, lists violations, failures and skip reasons", () => {
    const violation = {
      operationId: "getTask",
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      status: 200,
      kind: "body" as const,
      pointer: "/user_id",
      message: "must be integer",
      value: '"oops"',
    };
    const summary = summarize({
      target: "url",
      baseUrl: "http://127.0.0.1:1",
      operations,
      now: new Date("2026-01-02T03:04:05Z"),
      tests: [
        record("getTask > answers 200", "failed", {
          errors: ["response breaks the contract:"],
          meta: { operations: ["getTask"], violations: [violation], prismProblems: [] },
        }),
        record("listActiveTasks > answers 200", "passed"),
        record("listActiveTasks > rejects limit 1001", "passed", {
          meta: { operations: ["listActiveTasks"], violations: [], prismProblems: ["listActiveTasks"] },
        }),
        record("listActiveTasks > walks pages", "skipped", { note: "needs state" }),
        record("the validator compiles", "passed"),
      ],
    });
    expect(summary).toMatchObject({
      target: "url",
      baseUrl: "http://127.0.0.1:1",
      generatedAt: "2026-01-02T03:04:05.000Z",
      totals: { tests: 5, passed: 3, failed: 1, skipped: 1, violations: 1 },
      unassigned: { passed: 1, failed: 0, skipped: 0 },
    });
    const [getTask, listActive, preview] = summary.operations;
    expect(getTask).toMatchObject({
      passed: 0,
      failed: 1,
      skipped: 0,
      violations: [{ ...violation, test: "getTask > answers 200" }],
      failures: [{ test: "getTask > answers 200", error: "response breaks the contract:" }],
    });
    expect(listActive).toMatchObject({
      passed: 2,
      failed: 0,
      skipped: 1,
      prismProblems: 1,
      skips: [{ test: "listActiveTasks > walks pages", reason: "needs state" }],
    });
    expect(preview).toMatchObject({ passed: 0, failed: 0, skipped: 0, violations: [] });
  });
});

describe("the verdict", () => {
  const gate = (passed: boolean) => ({
    gate: "statuses" as const,
    threshold: 50,
    percent: 40,
    passed,
    missing: [],
  });
  const verdict = (tests: TestRecord[], extra: Partial<Parameters<typeof summarize>[0]> = {}) =>
    summarize({ target: "sandbox", operations, tests, ...extra }).verdict;

  it.each([
    ["every test passed", [record("getTask > answers 200", "passed")], {}, { status: "passed" }],
    [
      "a test failed",
      [record("getTask > answers 200", "failed"), record("getTask > b", "passed")],
      {},
      { status: "failed", reason: "1 test of 2 failed" },
    ],
    [
      "a gate failed and an error escaped",
      [record("getTask > answers 200", "passed")],
      { gates: [gate(false), gate(true)], unhandledErrors: ["boom"] },
      { status: "failed", reason: "1 error outside the tests; coverage gate statuses not reached" },
    ],
    [
      "every test was skipped",
      [record("getTask > a", "skipped"), record("getTask > b", "skipped")],
      {},
      { status: "skipped", reason: "all 2 tests were skipped" },
    ],
    ["no test ran", [], {}, { status: "skipped", reason: "no test ran" }],
    [
      "a target not configured",
      [],
      { skipped: { reason: "not configured (missing CONTRACT_API_KEY)" } },
      { status: "skipped", reason: "not configured (missing CONTRACT_API_KEY)" },
    ],
  ] as const)("%s", (_, tests, extra, expected) => {
    expect(verdict([...tests], extra)).toEqual(expected);
  });
});
