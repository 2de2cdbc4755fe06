import { describe, expect, it } from "vitest";
import { checkBundle } from "./spec-input.js";

const doc = (extra: Record<string, unknown>) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  ...extra,
});

describe("checkBundle", () => {
  it("takes data that looks like a reference, and properties named as keywords", () => {
    const schemas = {
      Thing: {
        type: "object",
        properties: { default: { $ref: "#/components/schemas/Name" }, enum: { type: "string" } },
        examples: [{ $ref: "not a reference, an example" }],
        default: { $ref: "#/nowhere" },
      },
      Name: { type: "string" },
    };
    const examples = { One: { value: { $ref: "#/nowhere" } } };
    expect(() => checkBundle(doc({ components: { schemas, examples } }), "bundle")).not.toThrow();
  });

  it("still follows a reference to a shared example", () => {
    const media = { examples: { one: { $ref: "#/components/examples/Missing" } } };
    const paths = {
      "/a": { get: { responses: { "200": { description: "ok", content: { "application/json": media } } } } },
    };
    expect(() => checkBundle(doc({ paths }), "bundle")).toThrow(
      "bundle: $ref #/components/examples/Missing at /paths/~1a/get/responses/200/content/application~1json/examples/one points at nothing",
    );
  });

  it.each([
    ["$id", "https://example.com/thing", "the gate reads references as JSON pointers into the bundle"],
    ["$dynamicRef", "#node", "it names no anchor of its own resource, or one its resource declares twice"],
  ])("refuses a schema with %s left unresolved", (keyword, value, reason) => {
    const schemas = { Thing: { type: "object", [keyword]: value, properties: { $id: { type: "string" } } } };
    expect(() => checkBundle(doc({ components: { schemas } }), "bundle")).toThrow(
      `bundle: ${keyword} at /components/schemas/Thing is not followed: ${reason}`,
    );
  });

  it("refuses a schema or a document of a dialect it does not read, and takes one that names 2020-12", () => {
    const schema = (dialect: string) => doc({ components: { schemas: { Thing: { $schema: dialect } } } });
    expect(() => checkBundle(schema("https://json-schema.org/draft/2020-12/schema"), "bundle")).not.toThrow();
    expect(() => checkBundle(schema("https://example.com/my-dialect"), "bundle")).toThrow(
      "bundle: $schema at /components/schemas/Thing names https://example.com/my-dialect: the gate reads JSON Schema 2020-12, 2019-09, draft-07, draft-06 or draft-04 in Schema Objects",
    );
    expect(() => checkBundle(doc({ jsonSchemaDialect: "https://example.com/my-dialect" }), "bundle")).toThrow(
      "bundle: jsonSchemaDialect at /jsonSchemaDialect names https://example.com/my-dialect: the gate reads JSON Schema 2020-12, 2019-09, draft-07, draft-06 or draft-04",
    );
    expect(() =>
      checkBundle(doc({ jsonSchemaDialect: "http://json-schema.org/draft-07/schema#" }), "bundle"),
    ).not.toThrow();
  });

  it("refuses a document without paths", () => {
    expect(() => checkBundle({ openapi: "3.1.0" }, "bundle")).toThrow(
      "bundle: not an OpenAPI document (no paths object)",
    );
  });
});
