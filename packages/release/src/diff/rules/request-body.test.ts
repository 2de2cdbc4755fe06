import { describe, it } from "vitest";
import {
  checkOperationCase,
  getOp,
  type OperationCase,
  patchOp,
} from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "new required request body",
    expect: "request-body-added-required",
    mutate: (d) => (getOp(d).requestBody = { required: true, content: {} }),
  },
  {
    name: "new optional request body",
    expect: "request-body-added-optional",
    mutate: (d) => (getOp(d).requestBody = { content: {} }),
  },
  {
    name: "request body becomes optional",
    expect: "request-body-became-optional",
    setup: (d) => (patchOp(d).requestBody.required = true),
    mutate: (d) => (patchOp(d).requestBody.required = false),
  },
  {
    name: "request body becomes required",
    expect: "request-body-became-required",
    mutate: (d) => (patchOp(d).requestBody.required = true),
  },
  {
    name: "request body removed",
    expect: "request-body-removed",
    mutate: (d) => delete patchOp(d).requestBody,
  },
];

describe("the request body rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
