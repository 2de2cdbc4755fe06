// What the judge adds to the spec model's verdict: the words of a verdict, the error a test throws,
// routing a concrete request, and which answers are Prism's own.
import { describe, expect, it } from "vitest";
import { ContractViolationError, createJudge, isPrismProblem, preview } from "./judge.js";

const judge = createJudge();
const json = "application/json";

describe("createJudge", () => {
  it("gives the spec model's verdict, unchanged", () => {
    const body = { count: "1", results: [] };
    expect(judge.checkResponse("listActiveTasks", 200, json, body)).toEqual(
      judge.model.checkResponse("listActiveTasks", 200, json, body),
    );
  });

  it("words each violation with the operation, status, content type, pointer and value", () => {
    const verdict = judge.checkResponse("listActiveTasks", 200, json, { count: -1, results: [] });
    expect(judge.describe(verdict)).toBe(
      "listActiveTasks (GET /cloud/v1/tasks/{project_id}/{region_id}/active) → 200 application/json: /count must be >= 0; got -1",
    );
    const error = new ContractViolationError(verdict, judge.model.operation("listActiveTasks"));
    expect(error.verdict).toBe(verdict);
    expect(error.message).toMatch(
      /^response breaks the contract:\nlistActiveTasks .*\/count must be >= 0; got -1$/,
    );
  });

  it("routes a concrete request to its operation, its parameters decoded", () => {
    expect(judge.route("GET", "/cloud/v1/tasks/a%20b")).toMatchObject({
      operation: { operationId: "getTask" },
      params: { task_id: "a b" },
    });
    expect(judge.route("GET", "/nowhere")).toBeUndefined();
  });

  it("rejects an unknown operationId loudly", () => {
    expect(() => judge.checkResponse("nope", 200, json, {})).toThrow(/unknown operationId/);
  });
});

describe("isPrismProblem", () => {
  it.each([
    [422, "application/problem+json", true],
    [404, "application/problem+json; charset=utf-8", true],
    [500, "application/problem+json", false],
    [422, json, false],
  ])("%i %s → %s", (status, contentType, expected) => {
    expect(isPrismProblem(status, contentType)).toBe(expected);
  });
});

it("preview cuts long values", () => {
  expect(preview("x".repeat(200), 10)).toBe('"xxxxxxxx…');
});
