import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "operation removed",
    expect: "operation-removed",
    mutate: (d) => delete d.paths["/items/{id}"].patch,
  },
  {
    name: "operation added",
    expect: "operation-added",
    mutate: (d) => (d.paths["/items/{id}"].delete = { operationId: "deleteItem", responses: {} }),
  },
  {
    name: "operationId changed",
    expect: "operation-id-changed",
    mutate: (d) => (getOp(d).operationId = "readItem"),
  },
  {
    name: "operation deprecated",
    expect: "operation-deprecated",
    mutate: (d) => {
      getOp(d).deprecated = true;
      getOp(d)["x-sunset"] = "2027-06-01";
    },
  },
  {
    name: "deprecated operation removed after its sunset",
    expect: "operation-removed-after-sunset",
    mutate: (d) => delete d.paths["/legacy"],
  },
  {
    name: "deprecated operation removed before its sunset",
    expect: "operation-removed-before-sunset",
    mutate: (d) => delete d.paths["/old"],
  },
];

describe("the operations rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
