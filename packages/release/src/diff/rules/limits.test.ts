import { describe, expect, it } from "vitest";
import { checkOperationCase, getOp, type OperationCase } from "../../test-support/operation-cases.js";
import { byPlacement, checkSchemaCase, p, type SchemaCase } from "../../test-support/schema-cases.js";
import { compareSpecs } from "../compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../deprecation.js";

const OPERATION_CASES: OperationCase[] = [
  {
    name: "parameter limit behind a $ref lowered",
    expect: "request-limit-narrowed",
    mutate: (d) => (d.components.parameters.Limit.schema.maximum = 50),
  },
  {
    name: "parameter limit behind a $ref raised",
    expect: "request-limit-widened",
    mutate: (d) => (d.components.parameters.Limit.schema.maximum = 500),
  },
  {
    name: "parameter item limit at depth lowered",
    expect: "request-limit-narrowed",
    mutate: (d) => (getOp(d).parameters[1].schema.items.maxLength = 5),
  },
  {
    name: "parameter item limit at depth raised",
    expect: "request-limit-widened",
    mutate: (d) => (getOp(d).parameters[1].schema.items.maxLength = 50),
  },
];

const SCHEMA_CASES: SchemaCase[] = [
  {
    name: "maxLength lowered",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).name.maxLength = 32),
  },
  {
    name: "maxLength raised",
    side: "request",
    expect: "request-limit-widened",
    mutate: (t) => (p(t).name.maxLength = 128),
  },
  {
    name: "map keys' maxLength lowered",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 10),
  },
  {
    name: "map keys' maxLength raised",
    side: "request",
    expect: "request-limit-widened",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 40),
  },
  {
    name: "extra fields refused",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (t.additionalProperties = false),
  },
  {
    name: "unevaluated fields refused",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (t.unevaluatedProperties = false),
  },
  {
    name: "pattern added",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).name.pattern = "^[a-z]+$"),
  },
  {
    name: "union variant's limit lowered",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).choice.oneOf[0].maxLength = 5),
  },
  {
    name: "union variant's two bounds removed",
    side: "request",
    expect: "request-limit-widened",
    setup: (t) => Object.assign(p(t).choice.oneOf[1], { minimum: -10, maximum: 10 }),
    mutate: (t) => {
      delete p(t).choice.oneOf[1].minimum;
      delete p(t).choice.oneOf[1].maximum;
    },
  },
  {
    name: "union variant's two bounds added",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => Object.assign(p(t).choice.oneOf[1], { minimum: -10, maximum: 10 }),
  },
  {
    name: "a oneOf constraint added beside the fields",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (t.oneOf = [{ required: ["name"] }, { required: ["note"] }]),
  },
  {
    name: "a oneOf constraint added beside the fields",
    side: "response",
    expect: "response-limit-narrowed",
    mutate: (t) => (t.oneOf = [{ required: ["name"] }, { required: ["note"] }]),
  },
  {
    name: "maxLength raised",
    side: "response",
    expect: "response-limit-widened",
    mutate: (t) => (p(t).name.maxLength = 128),
  },
  {
    name: "maxLength lowered",
    side: "response",
    expect: "response-limit-narrowed",
    mutate: (t) => (p(t).name.maxLength = 32),
  },
  {
    name: "map keys' maxLength raised",
    side: "response",
    expect: "response-limit-widened",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 40),
  },
  {
    name: "map keys' maxLength lowered",
    side: "response",
    expect: "response-limit-narrowed",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 10),
  },
  {
    name: "a not rewritten so that no constructed value tells the two apart",
    side: "request",
    expect: "request-constraint-changed",
    mutate: (t) => (p(t).count.not = { enum: [13] }),
  },
  {
    name: "a value refused by a new not",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).note.not = { const: "none" }),
  },
  {
    name: "a value dropped from a not (its schema accepts less, so the not accepts more)",
    side: "response",
    expect: "response-limit-widened",
    setup: (t) => (p(t).note.not = { enum: ["none", "n/a"] }),
    mutate: (t) => (p(t).note.not = { const: "none" }),
  },
  {
    name: "a response not rewritten so that no constructed value tells the two apart",
    side: "response",
    expect: "response-constraint-changed",
    mutate: (t) => (p(t).count.not = { enum: [13] }),
  },
];

describe("the limits rules", () => {
  it.each(OPERATION_CASES)("$name → $expect", checkOperationCase);
  it.each(byPlacement(SCHEMA_CASES))("$placement — $label → $expect", checkSchemaCase);
});

describe("a not compared as a question only", () => {
  it("leaves a component it reached to be compared where the operation meets it again", () => {
    const spec = (maxLength: number) => ({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      first: { not: { $ref: "#/components/schemas/Names" } },
                      second: { $ref: "#/components/schemas/Names" },
                    },
                  },
                },
              },
            },
            responses: { "204": { description: "done" } },
          },
        },
      },
      components: {
        schemas: {
          Names: { type: "array", items: { $ref: "#/components/schemas/Name" } },
          Name: { type: "string", maxLength },
        },
      },
    });
    const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };
    const errors = compareSpecs(spec(10), spec(5), { policy }).filter((f) => f.level === "error");
    // `second` narrows; `first` (a not of the same, now narrower, array) widens, which a request may.
    expect(errors.map((f) => `${f.rule} ${f.before}`)).toEqual([
      "request-limit-narrowed /components/schemas/Name",
    ]);
  });
});
