import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "a query parameter's schema moved to content application/json",
    expect: "request-parameter-serialization-changed",
    mutate: (d) => {
      const fields = getOp(d).parameters[1];
      fields.content = { "application/json": { schema: fields.schema } };
      delete fields.schema;
    },
  },
  {
    name: "deprecated parameter removed after its sunset",
    expect: "request-parameter-removed-after-sunset",
    mutate: (d) => getOp(d).parameters.splice(3, 1),
  },
  {
    name: "deprecated parameter removed before its sunset",
    expect: "request-parameter-removed-before-sunset",
    mutate: (d) => getOp(d).parameters.splice(4, 1),
  },
  {
    name: "new required query parameter",
    expect: "request-parameter-added-required",
    mutate: (d) => getOp(d).parameters.push({ name: "q", in: "query", required: true, schema: {} }),
  },
  {
    name: "new optional query parameter",
    expect: "request-parameter-added-optional",
    mutate: (d) => getOp(d).parameters.push({ name: "q", in: "query", schema: {} }),
  },
  {
    name: "parameter behind a $ref becomes required",
    expect: "request-parameter-became-required",
    mutate: (d) => (d.components.parameters.Limit.required = true),
  },
  {
    name: "header parameter becomes optional (name case ignored)",
    expect: "request-parameter-became-optional",
    mutate: (d) => {
      getOp(d).parameters[2].required = false;
      getOp(d).parameters[2].name = "x-trace";
    },
  },
  {
    name: "parameter removed (a warning)",
    expect: "request-parameter-removed",
    mutate: (d) => getOp(d).parameters.splice(1, 1),
  },
  {
    name: "parameter serialization changed",
    expect: "request-parameter-serialization-changed",
    mutate: (d) => (getOp(d).parameters[1].explode = false),
  },
  {
    name: "query parameter moved to a header",
    expect: "request-parameter-moved",
    mutate: (d) => (getOp(d).parameters[1].in = "header"),
  },
  {
    name: "a query parameter may no longer be sent empty",
    setup: (d) => (getOp(d).parameters[1].allowEmptyValue = true),
    expect: "request-parameter-empty-value-refused",
    mutate: (d) => delete getOp(d).parameters[1].allowEmptyValue,
  },
  {
    name: "a query parameter may now be sent empty",
    expect: "request-parameter-empty-value-allowed",
    mutate: (d) => (getOp(d).parameters[1].allowEmptyValue = true),
  },
  {
    name: "a query parameter's reserved characters must now be percent-encoded",
    setup: (d) => (getOp(d).parameters[1].allowReserved = true),
    expect: "request-parameter-serialization-changed",
    mutate: (d) => (getOp(d).parameters[1].allowReserved = false),
  },
];

describe("the parameters rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
