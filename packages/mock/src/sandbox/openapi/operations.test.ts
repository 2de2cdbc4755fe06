// Which body properties a large body may have checked a few entries at a time (see `checkRequestInTurns`).
import { loadDocument } from "@cloud-contract/spec/document";
import { type OpenApiDocument, openDocument } from "@cloud-contract/spec/model";
import { describe, expect, it } from "vitest";
import { compileOperations, type SliceableProperty } from "./operations.js";

/** The sliceable properties of the one operation of a document whose body schema is `schema`. */
function sliceableOf(schema: object): SliceableProperty[] {
  const doc: OpenApiDocument = {
    openapi: "3.1.0",
    info: { title: "slices", version: "1" },
    paths: {
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: { required: true, content: { "application/json": { schema } } },
          responses: { "204": { description: "done" } },
        },
      },
    },
  };
  const [op] = compileOperations(openDocument(doc));
  return op?.body?.sliceable ?? [];
}

const names = (parts: SliceableProperty[]) => parts.map((p) => `${p.name}:${p.kind}`);

describe("sliceable body properties", () => {
  it("of the spec's security group update: its rule list by items, its tags patch by members", () => {
    const op = compileOperations(loadDocument()).find((o) => o.operationId === "updateSecurityGroup");
    const parts = op?.body?.sliceable ?? [];
    expect(names(parts)).toEqual(["changed_rules:items", "tags:members"]);
    const tags = parts.find((p) => p.name === "tags");
    if (tags?.kind !== "members") throw new Error("tags are checked by members");
    expect(tags.member("env", "prod")).toBe(true);
    expect(tags.member("env", null)).toBe(true);
    expect(tags.member("env", 7)).toBe(false);
    expect(tags.member("x".repeat(256), "v")).toBe(false);
    expect(tags.member("env", "v".repeat(256))).toBe(false);
  });

  it("arrays and maps checked entry by entry are sliceable; minimum counts only ask for some entries", () => {
    const schema = {
      type: "object",
      properties: {
        list: { type: "array", minItems: 1, items: { type: "integer" }, description: "numbers" },
        map: { type: ["object", "null"], minProperties: 1, additionalProperties: { type: "string" } },
      },
    };
    expect(names(sliceableOf(schema))).toEqual(["list:items", "map:members"]);
  });

  it.each([
    ["an upper bound on the items", { list: { type: "array", maxItems: 5, items: { type: "integer" } } }],
    ["unique items", { list: { type: "array", uniqueItems: true, items: { type: "integer" } } }],
    ["a tuple", { list: { type: "array", prefixItems: [{ type: "integer" }], items: { type: "integer" } } }],
    [
      "an upper bound on the members",
      { map: { type: "object", maxProperties: 5, additionalProperties: {} } },
    ],
    ["named members", { map: { type: "object", properties: { a: {} }, additionalProperties: {} } }],
    [
      "members by pattern",
      { map: { type: "object", patternProperties: { "^a": {} }, additionalProperties: {} } },
    ],
    ["no schema for the members", { map: { type: "object", additionalProperties: true } }],
    [
      "a choice of shapes",
      { map: { oneOf: [{ type: "object", additionalProperties: {} }, { type: "null" }] } },
    ],
  ])("a property with %s is checked whole", (_name, properties) => {
    expect(sliceableOf({ type: "object", properties })).toEqual([]);
  });

  it("no property is sliceable when the body looks at several properties together", () => {
    const list = { type: "array", items: { type: "integer" } };
    expect(sliceableOf({ type: "object", properties: { list }, oneOf: [{ required: ["list"] }] })).toEqual(
      [],
    );
    expect(sliceableOf({ type: "object", properties: { list }, maxProperties: 3 })).toEqual([]);
  });
});
