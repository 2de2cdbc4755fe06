import { describe, expect, it } from "vitest";
import type { Json } from "./diff/types.js";
import { resolveIdentifiers } from "./resolve-identifiers.js";
import { inDialect2020, RECURSIVE_ANCHOR } from "./schema-dialects.js";
import { gate, workspace } from "./test-support/workspace.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_04 = "http://json-schema.org/draft-04/schema#";
const DRAFT_2019 = "https://json-schema.org/draft/2019-09/schema";

/** One operation whose request body is `Thing` and whose answer is `Answer` (a string unless given). */
const spec = (schemas: Json, extra: Json = {}): Json => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  ...extra,
  paths: {
    "/things": {
      post: {
        operationId: "makeThing",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        responses: {
          "200": {
            description: "made",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Answer" } } },
          },
        },
      },
    },
  },
  components: { schemas: { Answer: { type: "string" }, ...schemas } },
});
const thingOf = (doc: Json) => inDialect2020(doc).doc.components.schemas.Thing;

describe("inDialect2020", () => {
  it.each<[string, Json, Json]>([
    [
      "draft-07 tuple items and additionalItems → prefixItems and items",
      { type: "array", items: [{ type: "string" }], additionalItems: { type: "integer" } },
      { type: "array", prefixItems: [{ type: "string" }], items: { type: "integer" } },
    ],
    [
      "draft-07 additionalItems beside a schema items: ignored",
      { type: "array", items: { type: "string" }, additionalItems: false },
      { type: "array", items: { type: "string" } },
    ],
    [
      "draft-07 dependencies → dependentRequired and dependentSchemas",
      { type: "object", dependencies: { a: ["b"], c: { required: ["d"] } } },
      { type: "object", dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } },
    ],
    [
      "draft-07 $ref siblings: ignored, but definitions kept as $defs",
      { $ref: "#/components/schemas/Answer", maxLength: 3, definitions: { N: { type: "string" } } },
      { $ref: "#/components/schemas/Answer", $defs: { N: { type: "string" } } },
    ],
    [
      "draft-07 keywords of later dialects: unknown there, so dropped",
      { type: "object", unevaluatedProperties: false, dependentRequired: { a: ["b"] }, $anchor: "x" },
      { type: "object" },
    ],
    [
      "draft-07 $id with a fragment: a base and an anchor",
      { $id: "https://example.com/thing#top", type: "string" },
      { $id: "https://example.com/thing", $anchor: "top", type: "string" },
    ],
  ])("%s", (_, draft07, expected) => {
    expect(thingOf(spec({ Thing: { $schema: `${DRAFT_07}`, ...draft07 } }))).toEqual(expected);
  });

  it("reads draft-04's boolean exclusive bounds and `id`, and 2019-09's recursive references", () => {
    const draft04 = { $schema: DRAFT_04, id: "https://example.com/n", minimum: 0, exclusiveMinimum: true };
    expect(thingOf(spec({ Thing: draft04 }))).toEqual({ $id: "https://example.com/n", exclusiveMinimum: 0 });
    const tree = {
      $schema: DRAFT_2019,
      $id: "https://example.com/tree",
      $recursiveAnchor: true,
      type: "object",
      properties: { children: { type: "array", items: { $recursiveRef: "#" } } },
    };
    expect(thingOf(spec({ Thing: tree }))).toEqual({
      $id: "https://example.com/tree",
      $dynamicAnchor: RECURSIVE_ANCHOR,
      type: "object",
      properties: { children: { type: "array", items: { $dynamicRef: `#${RECURSIVE_ANCHOR}` } } },
    });
    // Resolved as 2020-12's dynamic reference: to the tree itself.
    expect(
      resolveIdentifiers(spec({ Thing: tree })).components.schemas.Thing.properties.children.items,
    ).toEqual({ $ref: "#/components/schemas/Thing" });
  });

  it("reads every Schema Object of a document in its jsonSchemaDialect, and a $schema inside in its own", () => {
    const doc = spec(
      {
        Thing: { type: "array", items: [{ type: "string" }], additionalItems: false },
        Later: { $schema: "https://json-schema.org/draft/2020-12/schema", prefixItems: [{ type: "string" }] },
      },
      { jsonSchemaDialect: DRAFT_07 },
    );
    doc.paths["/things"].post.parameters = [
      { name: "ids", in: "query", schema: { type: "array", items: [{ type: "integer" }] } },
    ];
    const read = inDialect2020(doc).doc;
    expect(read.components.schemas.Thing).toEqual({
      type: "array",
      prefixItems: [{ type: "string" }],
      items: false,
    });
    expect(read.components.schemas.Later).toEqual(doc.components.schemas.Later);
    expect(read.paths["/things"].post.parameters[0].schema).toEqual({
      type: "array",
      prefixItems: [{ type: "integer" }],
    });
    // The document still says which dialect it was written in (the dialect rule compares it).
    expect(read.jsonSchemaDialect).toBe(DRAFT_07);
  });

  it("leads a reference written against draft-07's names to where the rewrite moved them", () => {
    const doc = spec({
      Thing: {
        $schema: DRAFT_07,
        type: "array",
        items: [{ $ref: "#/components/schemas/Thing/definitions/Name" }],
        definitions: { Name: { type: "string" } },
      },
      Answer: { $ref: "#/components/schemas/Thing/items/0" },
    });
    const schemas = resolveIdentifiers(doc).components.schemas;
    expect(schemas.Thing.prefixItems[0]).toEqual({ $ref: "#/components/schemas/Thing/$defs/Name" });
    expect(schemas.Answer).toEqual({ $ref: "#/components/schemas/Thing/prefixItems/0" });
  });

  it("returns a document of 2020-12 schemas as it is, and leaves a dialect it does not know", () => {
    const plain = spec({ Thing: { type: "string" } });
    expect(inDialect2020(plain).doc).toBe(plain);
    const custom = spec({ Thing: { $schema: "https://example.com/mine", items: [] } });
    expect(thingOf(custom)).toEqual(custom.components.schemas.Thing);
  });
});

describe("the gate on schemas of earlier dialects", () => {
  const draft07 = (schema: Json) => spec({ Thing: { $schema: DRAFT_07, ...schema } });
  /** An object whose `name` is the resource's own `#/definitions/Name`. */
  const named = (name: Json) => ({
    $id: "https://example.com/thing",
    type: "object",
    properties: { name: { $ref: "#/definitions/Name" } },
    definitions: { Name: name },
  });
  it.each<[string, Json, Json, number, RegExp]>([
    [
      "a draft-07 tuple's further items narrowed",
      draft07({
        type: "array",
        items: [{ type: "string" }],
        additionalItems: { type: ["string", "integer"] },
      }),
      draft07({ type: "array", items: [{ type: "string" }], additionalItems: { type: "string" } }),
      1,
      /error \[request-type-narrowed\] POST \/things: type string \| integer → string \(\/components\/schemas\/Thing\/items\)/,
    ],
    [
      "a draft-07 tuple rewritten in 2020-12 with the same meaning",
      draft07({ type: "array", items: [{ type: "string" }], additionalItems: { type: "integer" } }),
      spec({ Thing: { type: "array", prefixItems: [{ type: "string" }], items: { type: "integer" } } }),
      0,
      /PASSED$/,
    ],
    [
      "a draft-07 dependency added to a request",
      draft07({ type: "object", properties: { a: { type: "string" }, b: { type: "string" } } }),
      draft07({
        type: "object",
        properties: { a: { type: "string" }, b: { type: "string" } },
        dependencies: { a: ["b"] },
      }),
      1,
      /FAILED/,
    ],
    [
      "a bound written beside a draft-07 $ref (ignored there)",
      spec({ Thing: { $ref: "#/components/schemas/Answer" } }),
      draft07({ $ref: "#/components/schemas/Answer", maxLength: 3 }),
      0,
      /PASSED$/,
    ],
    [
      "a draft-07 definition narrowed, named from inside its $id resource",
      draft07(named({ type: "string" })),
      draft07(named({ type: "string", maxLength: 5 })),
      1,
      /error \[request-limit-narrowed\] POST \/things: .*\(\/components\/schemas\/Thing\/\$defs\/Name\)/,
    ],
    [
      "a document's schemas made draft-07 by jsonSchemaDialect (its dialect changed)",
      spec({ Thing: { type: "array", prefixItems: [{ type: "string" }] } }),
      spec({ Thing: { type: "array", items: [{ type: "string" }] } }, { jsonSchemaDialect: DRAFT_07 }),
      1,
      /changes since the release: 1 error\(s\)[\s\S]*error \[schema-dialect-changed\]/,
    ],
  ])("%s", async (_, before, after, exit, output) => {
    const { code, output: text } = await gate(workspace(before, after));
    expect(code, text).toBe(exit);
    expect(text).toMatch(output);
  });

  it.each([
    [
      "a Schema Object",
      spec({ Thing: { $schema: "https://example.com/mine", type: "string" } }),
      "$schema at /components/schemas/Thing names https://example.com/mine",
    ],
    [
      "a document",
      spec({ Thing: { type: "string" } }, { jsonSchemaDialect: "https://example.com/mine" }),
      "jsonSchemaDialect at /jsonSchemaDialect names https://example.com/mine",
    ],
  ])(
    "refuses %s of a dialect it does not know: exit 2, one line naming the spec and the place",
    async (_, doc, place) => {
      const { code, output } = await gate(workspace(spec({ Thing: { type: "string" } }), doc));
      expect(code).toBe(2);
      expect(output.split("\n")).toHaveLength(1);
      expect(output).toMatch(/^gate: \/\S+\/spec\/dist\/openapi\.json: /);
      expect(output).toContain(place);
    },
  );
});
