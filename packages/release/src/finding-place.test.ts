import { describe, expect, it } from "vitest";
import { placeOf } from "./finding-place.js";

const candidate = {
  components: {
    schemas: {
      Task: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string", maxLength: 36 }, state: { $ref: "#/components/schemas/State" } },
      },
      State: { type: "string", enum: ["RUNNING"] },
      Plan: { properties: { unit: { $ref: "#/components/schemas/Unit" } } },
      Unit: { type: "string" },
    },
  },
};

const CASES: Array<[string, { rule: string; message: string; before: string; after: string }, string]> = [
  [
    "a removed field: where it was, below the schema that held it",
    {
      rule: "response-required-property-removed",
      message: 'field "user_id" removed',
      before: "/components/schemas/Task/properties/user_id",
      after: "/components/schemas/Task",
    },
    "/components/schemas/Task/properties/user_id",
  ],
  [
    "a type change: the `type` keyword",
    {
      rule: "response-type-widened",
      message: "type string → number",
      before: "/components/schemas/Task/properties/id",
      after: "/components/schemas/Task/properties/id",
    },
    "/components/schemas/Task/properties/id/type",
  ],
  [
    "a limit: the keyword the message names",
    {
      rule: "request-limit-narrowed",
      message: "maxLength (none) → 36",
      before: "/components/schemas/Task/properties/id",
      after: "/components/schemas/Task/properties/id",
    },
    "/components/schemas/Task/properties/id/maxLength",
  ],
  [
    "an enum value: the `enum` keyword",
    {
      rule: "response-enum-value-added",
      message: 'value "RUNNING" added',
      before: "/components/schemas/State",
      after: "/components/schemas/State",
    },
    "/components/schemas/State/enum",
  ],
  [
    "a field now optional: the `required` list",
    {
      rule: "response-property-became-optional",
      message: 'field "x" is no longer required',
      before: "/components/schemas/Task",
      after: "/components/schemas/Task",
    },
    "/components/schemas/Task/required",
  ],
  [
    "a union's variant gone, the union replaced by a $ref: the property that held it",
    {
      rule: "response-variant-removed",
      message: "variant Unit removed",
      before: "/components/schemas/Plan/properties/unit/anyOf/1",
      after: "/components/schemas/Unit",
    },
    "/components/schemas/Plan/properties/unit",
  ],
  [
    "a keyword the node does not hold: the node",
    {
      rule: "response-type-widened",
      message: "type string → number",
      before: "/components/schemas/Task/properties/state",
      after: "/components/schemas/Task/properties/state",
    },
    "/components/schemas/Task/properties/state",
  ],
];

describe("placeOf", () => {
  it.each(CASES)("%s", (_, finding, place) => {
    expect(placeOf(finding as Parameters<typeof placeOf>[0], candidate)).toBe(place);
  });
});
