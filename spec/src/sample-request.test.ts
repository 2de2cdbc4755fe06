import { describe, expect, it } from "vitest";
import { loadDocument, type OpenApiDocument, openDocument } from "./document.js";

const model = loadDocument();

describe("the sample request of every operation of the bundle", () => {
  it.each(model.operations.map((op) => [op.operationId, op] as const))(
    "%s: every path parameter filled, and a body its schema accepts",
    (operationId, op) => {
      const sample = model.sampleRequest(operationId);
      expect(sample.method).toBe(op.method);
      expect(sample.path).not.toMatch(/[{}]/);
      expect(model.route(sample.method, sample.path).route?.operationId).toBe(operationId);
      const json = op.requestBody?.content["application/json"];
      if (json?.schema === undefined) expect(sample.body).toBeUndefined();
      else {
        expect(model.compile(json.schema)(sample.body).errors).toEqual([]);
        expect(sample.headers["Content-Type"]).toBe("application/json");
      }
    },
  );

  it("names a sandbox fixture for every path parameter", () => {
    const unnamed = model.operations.flatMap((op) =>
      op.parameters
        .filter((p) => p.in === "path" && p.fixture === undefined)
        .map((p) => `${op.operationId} ${p.name}`),
    );
    expect(unnamed).toEqual([]);
  });

  it("takes a path parameter from the fixture its parameter names, the others from their examples", () => {
    const sample = model.sampleRequest("updateSecurityGroupV2", {
      securityGroupId: "a/b",
      projectId: 7,
      unrelated: 1,
    });
    expect(sample.pathParameters).toEqual({ project_id: 7, region_id: 1, group_id: "a/b" });
    expect(sample.path).toBe("/cloud/v2/security_groups/7/1/a%2Fb");
    expect(model.sampleRequest("getTask", { finishedTaskId: "f1" }).target).toBe("/cloud/v1/tasks/f1");
  });

  it("gives each call a copy of the body, so a caller may change it", () => {
    const first = model.sampleRequest("createBareMetalServers");
    (first.body as { flavor?: string }).flavor = "changed";
    expect(model.sampleRequest("createBareMetalServers").body).not.toMatchObject({ flavor: "changed" });
  });
});

describe("the sample request of a small document", () => {
  const doc: OpenApiDocument = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/items/{item_id}": {
        parameters: [
          {
            name: "item_id",
            in: "path",
            required: true,
            "x-sandbox-fixture": "itemId",
            schema: { type: "integer" },
          },
        ],
        get: {
          operationId: "getItem",
          parameters: [
            { name: "tag", in: "query", required: true, schema: { type: "array", examples: [["a", "b"]] } },
            { name: "page", in: "query", schema: { type: "integer", default: 1 } },
            { name: "sort", in: "query", required: true, explode: false, example: ["a", "-b"], schema: {} },
            { name: "X-Trace", in: "header", required: true, example: "t-1", schema: { type: "string" } },
          ],
          responses: { "200": { description: "ok" } },
        },
        post: {
          operationId: "addItem",
          requestBody: {
            content: {
              "application/merge-patch+json": { examples: { one: { $ref: "#/components/examples/Item" } } },
            },
          },
          responses: { "201": { description: "ok" } },
        },
      },
    },
    components: { examples: { Item: { value: { name: "n" } } } },
  };
  const small = openDocument(doc);

  it("sends required query and header parameters from their examples, optional ones not at all", () => {
    const sample = small.sampleRequest("getItem", { itemId: 3 });
    expect(sample.query).toEqual({ tag: ["a", "b"], sort: ["a", "-b"] });
    expect(sample.headers).toEqual({ "X-Trace": "t-1" });
    expect(sample.target).toBe("/items/3?tag=a&tag=b&sort=a%2C-b");
    expect(sample.body).toBeUndefined();
  });

  it("takes the body from a named example behind a $ref, with its JSON media type", () => {
    const sample = small.sampleRequest("addItem", { itemId: 3 });
    expect(sample.body).toEqual({ name: "n" });
    expect(sample.headers).toEqual({ "Content-Type": "application/merge-patch+json" });
  });

  it("refuses a path parameter with neither a fixture nor an example", () => {
    expect(() => small.sampleRequest("getItem")).toThrow(/path parameter item_id has no example/);
  });
});
