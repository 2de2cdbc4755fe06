import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "success status removed",
    expect: "response-success-status-removed",
    mutate: (d) => delete getOp(d).responses["200"],
  },
  {
    name: "error status removed (a warning)",
    expect: "response-non-success-status-removed",
    mutate: (d) => delete getOp(d).responses["404"],
  },
  {
    name: "success status added",
    expect: "response-success-status-added",
    mutate: (d) => (getOp(d).responses["202"] = { description: "accepted" }),
  },
  {
    name: "error status added",
    expect: "response-non-success-status-added",
    mutate: (d) => (getOp(d).responses["409"] = { description: "conflict" }),
  },
];

describe("the response statuses rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
