import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "a security scheme no operation uses removed (the types do not export it)",
    expect: "component-removed-untyped",
    mutate: (d) => delete d.components.securitySchemes.Bearer,
  },
  {
    name: "component removed",
    expect: "component-removed",
    mutate: (d) => delete d.components.parameters.Limit,
    setup: (d) =>
      (getOp(d).parameters[0] = { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }),
  },
  {
    name: "component added",
    expect: "component-added",
    mutate: (d) => (d.components.schemas.Extra = { type: "string" }),
  },
];

describe("the components rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
