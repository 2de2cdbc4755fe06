import { describe, it } from "vitest";
import { checkOperationCase, errorUnion, type OperationCase } from "../../test-support/operation-cases.js";
import { byPlacement, checkSchemaCase, p, type SchemaCase } from "../../test-support/schema-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "a discriminator value mapped to another variant",
    expect: "response-discriminator-changed",
    setup: errorUnion,
    mutate: (d) => (d.components.schemas.Error.discriminator.mapping.a = "#/components/schemas/ErrorB"),
  },
];

const SCHEMA_CASES: SchemaCase[] = [
  {
    name: "union gets a discriminator",
    side: "request",
    expect: "request-discriminator-changed",
    mutate: (t) => (p(t).choice.discriminator = { propertyName: "kind" }),
  },
  {
    name: "union gets a discriminator",
    side: "response",
    expect: "response-discriminator-changed",
    mutate: (t) => (p(t).choice.discriminator = { propertyName: "kind" }),
  },
  {
    name: "union variant removed",
    side: "request",
    expect: "request-variant-removed",
    mutate: (t) => p(t).choice.oneOf.pop(),
  },
  {
    name: "union variant added",
    side: "request",
    expect: "request-variant-added",
    mutate: (t) => p(t).choice.oneOf.push({ type: "boolean" }),
  },
  {
    name: "union variant added",
    side: "response",
    expect: "response-variant-added",
    mutate: (t) => p(t).choice.oneOf.push({ type: "boolean" }),
  },
  {
    name: "union variant removed",
    side: "response",
    expect: "response-variant-removed",
    mutate: (t) => p(t).choice.oneOf.pop(),
  },
  {
    name: "union variants reordered",
    side: "request",
    expect: null,
    mutate: (t) => p(t).choice.oneOf.reverse(),
  },
  {
    name: "union variant's title renamed",
    side: "request",
    expect: null,
    mutate: (t) => (p(t).choice.oneOf[0].title = "Words"),
  },
  {
    name: "union variants reordered",
    side: "response",
    expect: null,
    mutate: (t) => p(t).choice.oneOf.reverse(),
  },
  {
    name: "union variant's title renamed",
    side: "response",
    expect: null,
    mutate: (t) => (p(t).choice.oneOf[1].title = "Count"),
  },
];

describe("the unions rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
  it.each(byPlacement(SCHEMA_CASES))("$placement — $label → $expect", checkSchemaCase);
});
