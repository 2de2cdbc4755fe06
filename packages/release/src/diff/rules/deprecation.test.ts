import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "a parameter's sunset moved earlier",
    expect: "sunset-moved-earlier",
    mutate: (d) => (getOp(d).parameters[4]["x-sunset"] = "2026-09-01"),
  },
  {
    name: "a parameter deprecated without a sunset",
    expect: "deprecated-without-sunset",
    mutate: (d) => (getOp(d).parameters[1].deprecated = true),
  },
  {
    name: "an operation deprecated with too short a notice",
    expect: "sunset-notice-too-short",
    mutate: (d) => Object.assign(getOp(d), { deprecated: true, "x-sunset": "2026-07-01" }),
  },
];

describe("the deprecation rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
