import { describe, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";
import { byPlacement, checkSchemaCase, p, type SchemaCase } from "../../test-support/schema-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "response header's type widened",
    expect: "response-type-widened",
    mutate: (d) => (getOp(d).responses["200"].headers.ETag.schema.type = ["string", "integer"]),
  },
];

const SCHEMA_CASES: SchemaCase[] = [
  {
    name: "field type changed",
    side: "request",
    expect: "request-type-narrowed",
    mutate: (t) => (p(t).name.type = "integer"),
  },
  {
    name: "field now accepts null",
    side: "request",
    expect: "request-type-widened",
    mutate: (t) => (p(t).note.type = ["string", "null"]),
  },
  {
    name: "map values' type changed",
    side: "request",
    expect: "request-type-narrowed",
    mutate: (t) => (p(t).tags.additionalProperties.type = "integer"),
  },
  {
    name: "field type widened (number → string | number)",
    side: "response",
    expect: "response-type-widened",
    mutate: (t) => (p(t).count.type = ["string", "number"]),
  },
  {
    name: "field type narrowed (number → integer)",
    side: "response",
    expect: "response-type-narrowed",
    mutate: (t) => (p(t).count.type = "integer"),
  },
  {
    name: "field may now be null",
    side: "response",
    expect: "response-became-nullable",
    mutate: (t) => (p(t).note.type = ["string", "null"]),
  },
];

describe("the value types rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
  it.each(byPlacement(SCHEMA_CASES))("$placement — $label → $expect", checkSchemaCase);
});
