import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { compareSpecs } from "./compare.js";
import type { ChangeRule, Json, Severity } from "./types.js";

/** A small spec with one of everything the comparer looks at. Each case changes one thing in a copy. */
function base(): Json {
  const json = { "application/json": { schema: { $ref: "#/components/schemas/Item" } } };
  const error = {
    description: "error",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  return {
    openapi: "3.1.0",
    info: { title: "test", version: "1.0.0" },
    security: [{ ApiKey: [] }],
    paths: {
      "/items/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        get: {
          operationId: "getItem",
          parameters: [{ name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } }],
          responses: { "200": { description: "ok", content: json }, "404": error },
        },
        patch: {
          operationId: "updateItem",
          requestBody: {
            content: { "application/json": { schema: { $ref: "#/components/schemas/ItemUpdate" } } },
          },
          responses: { "200": { description: "ok", content: json }, "422": error },
        },
      },
    },
    components: {
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "Authorization" } },
      schemas: {
        Item: {
          type: "object",
          required: ["id", "state", "name"],
          properties: {
            id: { type: "integer" },
            state: { $ref: "#/components/schemas/State" },
            name: { type: "string", maxLength: 255 },
            note: { type: ["string", "null"] },
            nic: { $ref: "#/components/schemas/Nic" },
            children: { type: "array", items: { $ref: "#/components/schemas/Item" } },
          },
        },
        ItemUpdate: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", maxLength: 255 },
            weight: { type: "number" },
            state: { $ref: "#/components/schemas/State" },
            note: { type: ["string", "null"] },
            nic: { $ref: "#/components/schemas/Nic" },
          },
        },
        State: { type: "string", enum: ["NEW", "DONE"] },
        Nic: {
          oneOf: [{ $ref: "#/components/schemas/NicExternal" }, { $ref: "#/components/schemas/NicSubnet" }],
          discriminator: {
            propertyName: "type",
            mapping: {
              external: "#/components/schemas/NicExternal",
              subnet: "#/components/schemas/NicSubnet",
            },
          },
        },
        NicExternal: { type: "object", required: ["type"], properties: { type: { const: "external" } } },
        NicSubnet: {
          type: "object",
          required: ["type", "subnet_id"],
          properties: { type: { const: "subnet" }, subnet_id: { type: "string" } },
        },
        Error: { type: "object", required: ["message"], properties: { message: { type: "string" } } },
      },
    },
  };
}

type Mutation = (doc: Json) => void;
const schemas = (d: Json) => d.components.schemas;
const getOp = (d: Json) => d.paths["/items/{id}"].get;

interface Case {
  name: string;
  mutate: Mutation;
  rule: ChangeRule;
}

const breaking: Case[] = [
  {
    name: "an operation is removed",
    rule: "operation-removed",
    mutate: (d) => delete d.paths["/items/{id}"].patch,
  },
  {
    name: "an operationId changes",
    rule: "operation-id-changed",
    mutate: (d) => (getOp(d).operationId = "readItem"),
  },
  {
    name: "a response field is removed",
    rule: "field-removed",
    mutate: (d) => delete schemas(d).Item.properties.note,
  },
  {
    name: "a request field is removed",
    rule: "field-removed",
    mutate: (d) => delete schemas(d).ItemUpdate.properties.note,
  },
  {
    name: "an enum value is removed",
    rule: "enum-value-removed",
    mutate: (d) => schemas(d).State.enum.pop(),
  },
  {
    name: "a new required request field appears",
    rule: "field-required",
    mutate: (d) => {
      schemas(d).ItemUpdate.properties.reason = { type: "string" };
      schemas(d).ItemUpdate.required.push("reason");
    },
  },
  {
    name: "an optional request field becomes required",
    rule: "field-required",
    mutate: (d) => schemas(d).ItemUpdate.required.push("state"),
  },
  {
    name: "a new required query parameter appears",
    rule: "parameter-required",
    mutate: (d) =>
      getOp(d).parameters.push({ name: "q", in: "query", required: true, schema: { type: "string" } }),
  },
  {
    name: "an optional parameter becomes required",
    rule: "parameter-required",
    mutate: (d) => (getOp(d).parameters[0].required = true),
  },
  { name: "a parameter is removed", rule: "parameter-removed", mutate: (d) => (getOp(d).parameters = []) },
  {
    name: "a request body becomes required",
    rule: "request-body-required",
    mutate: (d) => (d.paths["/items/{id}"].patch.requestBody.required = true),
  },
  {
    name: "a request field's type is narrowed (null no longer allowed)",
    rule: "type-narrowed",
    mutate: (d) => (schemas(d).ItemUpdate.properties.note.type = "string"),
  },
  {
    name: "a request field's type is narrowed (number → integer)",
    rule: "type-narrowed",
    mutate: (d) => (schemas(d).ItemUpdate.properties.weight.type = "integer"),
  },
  {
    name: "a query limit is narrowed (maximum 100 → 50)",
    rule: "limit-narrowed",
    mutate: (d) => (getOp(d).parameters[0].schema.maximum = 50),
  },
  {
    name: "a request string limit is narrowed (maxLength 255 → 64)",
    rule: "limit-narrowed",
    mutate: (d) => (schemas(d).ItemUpdate.properties.name.maxLength = 64),
  },
  {
    name: "a minimum is raised",
    rule: "limit-narrowed",
    mutate: (d) => (getOp(d).parameters[0].schema.minimum = 10),
  },
  {
    name: "a pattern is added to a request field",
    rule: "limit-narrowed",
    mutate: (d) => (schemas(d).ItemUpdate.properties.name.pattern = "^[a-z]+$"),
  },
  {
    name: "a response field changes type",
    rule: "type-narrowed",
    mutate: (d) => (schemas(d).Item.properties.id.type = "string"),
  },
  {
    name: "a response field may now be null",
    rule: "type-widened",
    mutate: (d) => (schemas(d).Item.properties.name.type = ["string", "null"]),
  },
  {
    name: "a response field is no longer required",
    rule: "field-optional",
    mutate: (d) => (schemas(d).Item.required = ["id", "state"]),
  },
  {
    name: "a success response is removed",
    rule: "response-removed",
    mutate: (d) => {
      getOp(d).responses["201"] = getOp(d).responses["200"];
      delete getOp(d).responses["200"];
    },
  },
  {
    name: "a response media type is removed",
    rule: "media-type-removed",
    mutate: (d) => {
      const ok = getOp(d).responses["200"];
      ok.content = { "application/xml": ok.content["application/json"] };
    },
  },
  {
    name: "a union variant is removed",
    rule: "variant-removed",
    mutate: (d) => {
      schemas(d).Nic.oneOf.pop();
      delete schemas(d).Nic.discriminator.mapping.subnet;
    },
  },
  {
    name: "a component schema is removed (its exported type disappears)",
    rule: "component-removed",
    mutate: (d) => {
      schemas(d).Item.properties.nic = { $ref: "#/components/schemas/NicExternal" };
      schemas(d).ItemUpdate.properties.nic = { $ref: "#/components/schemas/NicExternal" };
      delete schemas(d).Nic;
      delete schemas(d).NicSubnet;
    },
  },
  {
    name: "a request object stops accepting extra fields",
    rule: "limit-narrowed",
    mutate: (d) => (schemas(d).ItemUpdate.additionalProperties = false),
  },
  {
    name: "the security requirement changes",
    rule: "security-changed",
    mutate: (d) => (getOp(d).security = []),
  },
];

const nonBreaking: Case[] = [
  {
    name: "an operation is added",
    rule: "operation-added",
    mutate: (d) =>
      (d.paths["/items/{id}"].delete = {
        operationId: "deleteItem",
        responses: { "204": { description: "gone" } },
      }),
  },
  {
    name: "an optional request field is added",
    rule: "field-added",
    mutate: (d) => (schemas(d).ItemUpdate.properties.comment = { type: "string" }),
  },
  {
    name: "a required response field is added",
    rule: "field-added",
    mutate: (d) => {
      schemas(d).Item.properties.created = { type: "string" };
      schemas(d).Item.required.push("created");
    },
  },
  {
    name: "an enum value is added",
    rule: "enum-value-added",
    mutate: (d) => schemas(d).State.enum.push("ARCHIVED"),
  },
  {
    name: "a query limit is widened (maximum 100 → 1000)",
    rule: "limit-widened",
    mutate: (d) => (getOp(d).parameters[0].schema.maximum = 1000),
  },
  {
    name: "a request field's type is widened (integer → number)",
    rule: "type-widened",
    mutate: (d) => (d.paths["/items/{id}"].parameters[0].schema.type = "number"),
  },
  {
    name: "a request field now accepts null",
    rule: "type-widened",
    mutate: (d) => (schemas(d).ItemUpdate.properties.name.type = ["string", "null"]),
  },
  {
    name: "a response string limit is narrowed (the promise only gets stronger)",
    rule: "limit-narrowed",
    mutate: (d) => (schemas(d).Item.properties.name.maxLength = 64),
  },
  {
    name: "an optional query parameter is added",
    rule: "parameter-added",
    mutate: (d) => getOp(d).parameters.push({ name: "q", in: "query", schema: { type: "string" } }),
  },
  {
    name: "a required request field becomes optional",
    rule: "field-optional",
    mutate: (d) => (schemas(d).ItemUpdate.required = []),
  },
  {
    name: "a response status is added",
    rule: "response-added",
    mutate: (d) => (getOp(d).responses["429"] = getOp(d).responses["404"]),
  },
  {
    name: "an error response is removed",
    rule: "response-removed",
    mutate: (d) => delete getOp(d).responses["404"],
  },
  {
    name: "a union variant is added",
    rule: "variant-added",
    mutate: (d) => {
      schemas(d).NicAny = { type: "object", required: ["type"], properties: { type: { const: "any" } } };
      schemas(d).Nic.oneOf.push({ $ref: "#/components/schemas/NicAny" });
      schemas(d).Nic.discriminator.mapping.any = "#/components/schemas/NicAny";
    },
  },
  {
    name: "a component schema is added",
    rule: "component-added",
    mutate: (d) => (schemas(d).Unused = { type: "string" }),
  },
  {
    name: "an operation is deprecated",
    rule: "operation-deprecated",
    mutate: (d) => (getOp(d).deprecated = true),
  },
];

function run(mutate: Mutation) {
  const after = base();
  mutate(after);
  return compareSpecs(base(), after);
}

function expectChange(result: ReturnType<typeof compareSpecs>, rule: ChangeRule, severity: Severity) {
  const matching = result.changes.filter((c) => c.rule === rule && c.severity === severity);
  expect(
    matching,
    `expected a ${severity} ${rule}; got ${JSON.stringify(result.changes, null, 1)}`,
  ).not.toEqual([]);
}

describe("compareSpecs", () => {
  it.each(breaking)("breaking: $name", ({ mutate, rule }) => {
    const result = run(mutate);
    expectChange(result, rule, "breaking");
  });

  it.each(nonBreaking)("non-breaking: $name", ({ mutate, rule }) => {
    const result = run(mutate);
    expectChange(result, rule, "non-breaking");
    expect(result.breaking, JSON.stringify(result.breaking, null, 1)).toEqual([]);
  });

  it("finds nothing between equal specs, whatever the descriptions and examples say", () => {
    const result = run((d) => {
      d.info.description = "new words";
      schemas(d).Item.description = "an item";
      schemas(d).Item.properties.name.examples = ["x"];
      getOp(d).summary = "Read an item";
    });
    expect(result.changes).toEqual([]);
  });

  it("names the operation, the part and the JSON pointer of a change", () => {
    const result = run((d) => (schemas(d).ItemUpdate.properties.name.maxLength = 64));
    expect(result.breaking).toEqual([
      {
        severity: "breaking",
        rule: "limit-narrowed",
        where: "PATCH /items/{id} request body application/json #/properties/name",
        message: "maxLength 255 → 64",
      },
    ]);
  });

  it("compares recursive schemas without looping (Item.children holds Items)", () => {
    const result = run((d) => (schemas(d).Item.properties.id.maximum = 10));
    // Reported once per place Item is read (GET 200, PATCH 200), not once per level of nesting.
    expect(result.changes.filter((c) => c.rule === "limit-narrowed")).toHaveLength(2);
  });

  it("finds no difference between the current bundle and itself", () => {
    const file = createRequire(import.meta.url).resolve("@cloud-contract/spec/openapi.json");
    const doc = JSON.parse(readFileSync(file, "utf8"));
    expect(compareSpecs(doc, structuredClone(doc)).changes).toEqual([]);
  });
});
