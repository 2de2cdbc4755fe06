import { describe, it } from "vitest";
import { checkOperationCase, type OperationCase } from "../../test-support/operation-cases.js";
import { byPlacement, checkSchemaCase, p, type SchemaCase } from "../../test-support/schema-cases.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "required names a field that properties does not declare",
    expect: "request-property-became-required",
    mutate: (d) => (d.components.schemas.Item.required = ["name"]),
  },
];

const SCHEMA_CASES: SchemaCase[] = [
  {
    name: "optional field becomes required",
    side: "request",
    expect: "request-property-became-required",
    mutate: (t) => t.required.push("name"),
  },
  {
    name: "required field becomes optional",
    side: "request",
    expect: "request-property-became-optional",
    mutate: (t) => (t.required = []),
  },
  {
    name: "new required field",
    side: "request",
    expect: "request-property-added-required",
    mutate: (t) => {
      p(t).x = { type: "string" };
      t.required.push("x");
    },
  },
  {
    name: "new optional field",
    side: "request",
    expect: "request-property-added-optional",
    mutate: (t) => (p(t).x = { type: "string" }),
  },
  {
    name: "optional field removed (a warning, not an error)",
    side: "request",
    expect: "request-property-removed",
    mutate: (t) => delete p(t).note,
  },
  {
    name: "optional field removed where extra fields are refused",
    side: "request",
    expect: "request-property-removed-refused",
    setup: (t) => (t.additionalProperties = false),
    mutate: (t) => delete p(t).note,
  },
  {
    name: "deprecated field removed after its sunset",
    side: "request",
    expect: "request-property-removed-after-sunset",
    mutate: (t) => delete p(t).legacy,
  },
  {
    name: "deprecated field removed before its sunset",
    side: "request",
    expect: "request-property-removed-before-sunset",
    mutate: (t) => delete p(t).old,
  },
  {
    name: "deprecated field removed after its sunset",
    side: "response",
    expect: "response-property-removed-after-sunset",
    mutate: (t) => delete p(t).legacy,
  },
  {
    name: "deprecated field removed before its sunset",
    side: "response",
    expect: "response-property-removed-before-sunset",
    mutate: (t) => delete p(t).old,
  },
  {
    name: "required field becomes optional",
    side: "response",
    expect: "response-property-became-optional",
    mutate: (t) => (t.required = []),
  },
  {
    name: "optional field becomes required",
    side: "response",
    expect: "response-property-became-required",
    mutate: (t) => t.required.push("name"),
  },
  {
    name: "required field removed",
    side: "response",
    expect: "response-required-property-removed",
    mutate: (t) => {
      delete p(t).id;
      t.required = [];
    },
  },
  {
    name: "optional field removed",
    side: "response",
    expect: "response-optional-property-removed",
    mutate: (t) => delete p(t).note,
  },
  {
    name: "field added",
    side: "response",
    expect: "response-property-added",
    mutate: (t) => (p(t).x = { type: "string" }),
  },
  {
    name: "a field becomes readOnly",
    side: "request",
    expect: "request-property-read-only",
    mutate: (t) => (p(t).note.readOnly = true),
  },
  {
    name: "a field becomes writeOnly",
    side: "response",
    expect: "response-property-write-only",
    mutate: (t) => (p(t).note.writeOnly = true),
  },
];

describe("the properties rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
  it.each(byPlacement(SCHEMA_CASES))("$placement — $label → $expect", checkSchemaCase);
});
