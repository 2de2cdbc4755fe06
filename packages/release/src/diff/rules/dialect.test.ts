import { describe, it } from "vitest";
import { checkOperationCase, type OperationCase } from "../../test-support/operation-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "the document made OpenAPI 3.0",
    expect: "openapi-version-changed",
    mutate: (d) => (d.openapi = "3.0.3"),
  },
  {
    name: "the schemas read as draft-07",
    expect: "schema-dialect-changed",
    mutate: (d) => (d.jsonSchemaDialect = "http://json-schema.org/draft-07/schema#"),
  },
];

describe("the dialect rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
});
