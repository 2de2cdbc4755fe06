import { describe, it } from "vitest";
import { byPlacement, checkSchemaCase, p, type SchemaCase } from "../../test-support/schema-cases.js";

const SCHEMA_CASES: SchemaCase[] = [
  {
    name: "enum value removed",
    side: "request",
    expect: "request-enum-value-removed",
    mutate: (t) => p(t).kind.enum.pop(),
  },
  {
    name: "enum value added",
    side: "request",
    expect: "request-enum-value-added",
    mutate: (t) => p(t).kind.enum.push("c"),
  },
  {
    name: "enum value added",
    side: "response",
    expect: "response-enum-value-added",
    mutate: (t) => p(t).kind.enum.push("c"),
  },
  {
    name: "enum value removed",
    side: "response",
    expect: "response-enum-value-removed",
    mutate: (t) => p(t).kind.enum.pop(),
  },
];

describe("the enums rules", () => {
  it.each(byPlacement(SCHEMA_CASES))("$placement — $label → $expect", checkSchemaCase);
});
