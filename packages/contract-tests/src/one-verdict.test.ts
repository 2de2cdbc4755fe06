// The suite, the sandbox's self-check and the spec's examples test must give the same verdict on the
// same response: all three ask the document model. This feeds one table of answers, valid and broken,
// to the three of them and compares what they say.

import { checkSandboxAnswer } from "@cloud-contract/mock";
import { loadDocument, responseExamples } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { createJudge } from "./judge.js";

const model = loadDocument();
const suite = createJudge();
const json = "application/json";

interface Answer {
  name: string;
  operationId: string;
  status: number;
  body: unknown;
  /** Pointers of the expected violations; empty for a valid answer. */
  expected: string[];
}

const example = (operationId: string, status: number): unknown => {
  const found = responseExamples(model).find((e) => e.operationId === operationId && e.status === status);
  if (!found) throw new Error(`no example of ${operationId} ${status}`);
  return found.body;
};
const task = example("getTask", 200) as Record<string, unknown>;
const stream = example("resetStreamPushToken", 200) as Record<string, unknown>;

const ANSWERS: Answer[] = [
  ...responseExamples(model).map((e) => ({
    name: `the example ${e.where}`,
    operationId: e.operationId,
    status: e.status,
    body: e.body,
    expected: [],
  })),
  {
    name: "a task with a text user_id",
    operationId: "getTask",
    status: 200,
    body: { ...task, user_id: "9" },
    expected: ["/user_id"],
  },
  {
    name: "a task in an unknown state",
    operationId: "getTask",
    status: 200,
    body: { ...task, state: "DONE" },
    expected: ["/state"],
  },
  {
    name: "a task without its id",
    operationId: "getTask",
    status: 200,
    body: { ...task, id: undefined },
    expected: ["/"],
  },
  {
    name: "an undocumented status",
    operationId: "getTask",
    status: 418,
    body: { message: "teapot" },
    expected: ["/"],
  },
  {
    // A billing shape from a cloud operation: neither cloud shape fits (each miss is reported, then anyOf).
    name: "an error in another service's shape",
    operationId: "getTask",
    status: 404,
    body: { detail: "gone" },
    expected: ["/", "/", "/", "/"],
  },
  { name: "an empty 200", operationId: "listActiveTasks", status: 200, body: undefined, expected: ["/"] },
  {
    name: "a negative count",
    operationId: "listActiveTasks",
    status: 200,
    body: { count: -1, results: [] },
    expected: ["/count"],
  },
  {
    name: "a stream with a numeric name",
    operationId: "resetStreamPushToken",
    status: 200,
    body: { ...stream, name: 7 },
    expected: ["/name"],
  },
  {
    name: "a 5XX error body",
    operationId: "resetStreamPushToken",
    status: 503,
    body: { status: 503, error: "down" },
    expected: [],
  },
];

describe.each(ANSWERS)("$name", ({ operationId, status, body, expected }) => {
  it("gets one verdict from the suite, the sandbox and the examples test", () => {
    const fromModel = model.checkResponse(operationId, status, body === undefined ? null : json, body);
    const fromSuite = suite.checkResponse(operationId, status, body === undefined ? null : json, body);
    const fromSandbox = checkSandboxAnswer(operationId, status, body);

    expect(fromModel.violations.map((v) => v.pointer)).toEqual(expected);
    expect(fromSuite).toEqual(fromModel);
    expect(fromSandbox.violations).toEqual(fromModel.violations);
    expect(fromSuite.documentedAs).toBe(fromModel.documentedAs);
    expect(fromSandbox.documentedAs).toBe(fromModel.documentedAs);
  });
});
