import { describe, expect, it } from "vitest";
import { compareSpecs } from "./diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./diff/deprecation.js";
import { valueAt } from "./diff/pointer.js";
import { placeOf } from "./finding-place.js";
import { originalPlace, resolveIdentifiers } from "./resolve-identifiers.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

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

describe("placeOf inside a copy made for a $dynamicRef", () => {
  /** A generic list whose items are a `$dynamicRef`, extended by `Names` with its own item. */
  const lists = (maxItems: number) =>
    resolveIdentifiers({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/names": {
          post: {
            operationId: "sendNames",
            requestBody: {
              content: { "application/json": { schema: { $ref: "#/components/schemas/Names" } } },
            },
            responses: { "204": { description: "taken" } },
          },
        },
      },
      components: {
        schemas: {
          List: {
            $id: "https://example.com/schemas/list",
            type: "array",
            maxItems,
            items: { $dynamicRef: "#item" },
            $defs: { item: { $dynamicAnchor: "item" } },
          },
          Names: {
            $id: "https://example.com/schemas/names",
            $ref: "list",
            $defs: { item: { $dynamicAnchor: "item", type: "string" } },
          },
        },
      },
    });

  it("is the place in the schema copied, which the user's files hold", () => {
    const before = lists(10);
    const after = lists(5);
    const [finding] = compareSpecs(before, after, { policy }).filter((f) => f.level === "error");
    // The comparison found it in the copy Names reads the list as; the line to show is the list's own.
    expect(finding?.after).toBe("/components/schemas/Names/$defs/List in scope");
    if (!finding) throw new Error("no error found");
    const place = placeOf(finding, after);
    expect(place).toBe("/components/schemas/List/maxItems");
    expect(valueAt(after, place)).toBe(5);
  });

  it("leaves a pointer outside any copy as it is", () => {
    expect(originalPlace(lists(5), "/components/schemas/Names/$defs/item")).toBe(
      "/components/schemas/Names/$defs/item",
    );
    expect(originalPlace(candidate, "/components/schemas/Task")).toBe("/components/schemas/Task");
  });
});
