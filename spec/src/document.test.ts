import { describe, expect, it } from "vitest";
import {
  bundledDocument,
  bundledModel,
  bundlePath,
  evaluateEach,
  evaluateExpression,
  HTTP_METHODS,
  loadBundle,
  loadDocument,
  matchMediaType,
  matchStatus,
  mediaType,
  openDocument,
  responseExamples,
} from "./document.js";

const model = loadDocument();
const json = "application/json";
const task = {
  id: "d478ae29-dedc-4869-82f0-96104425f565",
  state: "FINISHED",
  task_type: "create_bm",
  user_id: 9998,
  created_on: "2026-11-21T09:15:02Z",
};

describe("the operations of the bundle", () => {
  it("each have a method, a path, a tag and an area", () => {
    for (const op of model.operations) expect(op.tag && op.area, op.operationId).toBeTruthy();
    expect(model.operation("getTask")).toMatchObject({
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
      tag: "Cloud",
      area: "cloud/tasks",
    });
    expect(model.operation("resetStreamPushToken").statuses).toEqual(expect.arrayContaining(["200", "202"]));
  });

  it("deprecate only updateSecurityGroup, naming its successor and the day it was deprecated", () => {
    const deprecated = model.operations.filter((o) => o.deprecation !== undefined);
    expect(deprecated.map((o) => [o.operationId, o.deprecation])).toEqual([
      ["updateSecurityGroup", { since: "2026-05-27", successor: "updateSecurityGroupV2", sunset: undefined }],
    ]);
    expect(model.findOperation("updateSecurityGroupV2")?.deprecation).toBeUndefined();
  });

  it("each has an area named after its service, which is its tag", () => {
    for (const op of model.operations) {
      expect(op.area, op.operationId).toMatch(/^[a-z]+\/[a-z-]+$/);
      expect(op.service, op.operationId).toBe(op.tag?.toLowerCase());
      expect(op.area?.split("/")[0], op.operationId).toBe(op.service);
    }
  });

  it("write unless they only read: GETs and the x-read-only POSTs change nothing", () => {
    const readers = model.operations.filter((o) => !o.writes).map((o) => o.operationId);
    expect(readers.sort()).toEqual(
      [
        "checkRegistryQuota",
        "getTask",
        "listActiveTasks",
        "listPlanContents",
        "listResellerNotificationSettings",
        "previewInstancePrice",
      ].sort(),
    );
  });

  it("name the parameters a key's scope applies to (x-tenant-scope)", () => {
    const scoped = model.operations.flatMap((o) =>
      o.parameters.filter((p) => p.tenantScope !== undefined).map((p) => `${p.name} ${p.tenantScope}`),
    );
    expect(new Set(scoped)).toEqual(new Set(["project_id projects", "resellerId resellers"]));
    for (const op of model.operations) {
      for (const p of op.parameters) {
        if (p.name === "project_id" || p.name === "resellerId")
          expect(p.tenantScope, op.operationId).toBeDefined();
      }
    }
  });

  it("state each service's rate limit through its tag's x-rate-limit, none of them published", () => {
    for (const op of model.operations) {
      expect(op.rateLimit, op.operationId).toMatchObject({ published: false, scope: `tag:${op.tag}` });
      expect(op.rateLimit?.requests).toBeGreaterThan(0);
    }
    expect(model.operation("resetStreamPushToken").rateLimit).toEqual({
      requests: 4,
      windowSeconds: 1,
      published: false,
      scope: "tag:Streaming",
    });
  });

  it("let an operation's own x-rate-limit win over its tag's, and ignore one without whole positive figures", () => {
    const limited = (x: unknown) => ({ get: { tags: ["T"], "x-rate-limit": x, responses: {} } });
    const doc = openDocument({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      tags: [{ name: "T", "x-rate-limit": { requests: 5, window_seconds: 60, published: true } }],
      paths: {
        "/own": limited({ requests: 1, window_seconds: 2 }),
        "/broken": limited({ requests: 0.5, window_seconds: 2 }),
        "/none": { get: { responses: {} } },
      },
    });
    expect(doc.route("GET", "/own").route?.rateLimit).toEqual({
      requests: 1,
      windowSeconds: 2,
      published: false,
      scope: "operation:GET /own",
    });
    expect(doc.route("GET", "/broken").route?.rateLimit).toMatchObject({ requests: 5, scope: "tag:T" });
    expect(doc.route("GET", "/none").route?.rateLimit).toBeUndefined();
  });

  it("merge path-item and operation parameters, resolved", () => {
    const list = model.operation("listActiveTasks").parameters;
    expect(list.map((p) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(["path project_id", "path region_id", "query limit", "query task_type"]),
    );
    expect(list.find((p) => p.name === "project_id")).toMatchObject({ required: true });
  });

  it("resolve request bodies and responses", () => {
    const op = model.operation("addResellerNotificationSetting");
    expect(op.requestBody?.required).toBe(true);
    expect(Object.keys(op.requestBody?.content ?? {})).toEqual([json]);
    expect(op.responses["401"]?.content[json]?.schema).toBeDefined();
  });

  it("are found by operationId, and by method and path", () => {
    expect(model.findOperation("nope")).toBeUndefined();
    expect(() => model.operation("nope")).toThrow(/unknown operationId "nope"/);
    expect(model.route("GET", "/cloud/v1/tasks/abc")).toMatchObject({
      route: { operationId: "getTask" },
      params: { task_id: "abc" },
    });
    expect(model.route("DELETE", "/cloud/v1/tasks/abc")).toMatchObject({
      route: undefined,
      allowed: ["GET"],
    });
  });

  it("carry their links, resolved: which operation an answer feeds and with what", () => {
    const names = (id: string) =>
      model.operation(id).links.map((l) => `${l.status} ${l.name} → ${l.operationId}`);
    for (const creator of ["createBareMetalServers", "replacePortAllowedAddressPairs"]) {
      expect(names(creator)).toEqual(["200 GetTask → getTask", "200 ListActiveTasks → listActiveTasks"]);
      expect(model.operation(creator).links[1]).toMatchObject({
        parameters: { project_id: "$request.path.project_id", region_id: "$request.path.region_id" },
        lists: "$response.body#/tasks/0",
      });
    }
    expect(names("getTask")).toEqual([
      "200 ListActiveTasks → listActiveTasks",
      "200 UpdateCreatedSecurityGroup → updateSecurityGroup",
      "200 ReplaceCreatedPortAddressPairs → replacePortAllowedAddressPairs",
    ]);
    expect(names("listActiveTasks")).toEqual(["200 GetTask → getTask"]);
    expect(names("addResellerNotificationSetting")).toEqual([
      "201 ListNotificationSettings → listResellerNotificationSettings",
    ]);
    expect(model.operation("listPlanContents").links).toEqual([]);
    expect(model.operation("getTask").responses["200"]?.links).toHaveLength(3);
  });

  it("link to operations that exist, filling every path parameter of them", () => {
    for (const op of model.operations) {
      for (const link of op.links) {
        const target = model.operation(link.operationId);
        const needed = target.parameters.filter((p) => p.in === "path").map((p) => p.name);
        expect(Object.keys(link.parameters).sort(), `${op.operationId} ${link.name}`).toEqual(
          expect.arrayContaining(needed),
        );
      }
    }
  });

  it("HTTP_METHODS holds the eight methods of a path item", () => {
    expect([...HTTP_METHODS].sort()).toEqual([
      "delete",
      "get",
      "head",
      "options",
      "patch",
      "post",
      "put",
      "trace",
    ]);
  });
});

describe("checkResponse on the bundle", () => {
  it("takes revokeCdnCertificate's 200 with no body (x-body-optional), and still judges a body when one comes", () => {
    expect(model.operation("revokeCdnCertificate").responses["200"]?.bodyOptional).toBe(true);
    expect(model.checkResponse("revokeCdnCertificate", 200, null, undefined).valid).toBe(true);
    expect(model.checkResponse("revokeCdnCertificate", 200, "application/json", {}).valid).toBe(true);
    expect(model.checkResponse("revokeCdnCertificate", 200, "application/json", []).valid).toBe(false);
    expect(model.checkResponse("getTask", 200, null, undefined).valid).toBe(false);
  });

  it("accepts every documented response example", () => {
    const examples = responseExamples(model);
    expect(examples.length).toBeGreaterThan(12);
    for (const { where, operationId, status, contentType, body } of examples) {
      expect(model.checkResponse(operationId, status, contentType, body).violations, where).toEqual([]);
    }
  });

  it("passes a valid body, naming the documented status and media type", () => {
    expect(model.checkResponse("getTask", 200, `${json}; charset=utf-8`, task)).toMatchObject({
      documented: true,
      documentedAs: "200",
      mediaType: json,
      valid: true,
      violations: [],
    });
  });

  it("names the JSON pointer and the value of a schema error", () => {
    const verdict = model.checkResponse("getTask", 200, json, { ...task, user_id: "oops" });
    expect(verdict.valid).toBe(false);
    expect(verdict.violations).toEqual([
      expect.objectContaining({ kind: "body", pointer: "/user_id", value: "oops" }),
    ]);
  });

  it.each([
    [418, { kind: "status", value: 418 }],
    [503, undefined],
  ])("status %i: %o", (status, violation) => {
    const verdict = model.checkResponse("getTask", status, json, { message: "x" });
    if (violation) {
      expect(verdict).toMatchObject({ documented: false, documentedAs: undefined });
      expect(verdict.violations).toEqual([expect.objectContaining(violation)]);
    } else {
      expect(verdict).toMatchObject({ documented: true, documentedAs: "5XX", valid: true });
    }
  });

  it("fails an undocumented content type and an empty body", () => {
    expect(model.checkResponse("getTask", 200, "text/html", "<p>").violations[0]?.kind).toBe("content-type");
    expect(model.checkResponse("getTask", 200, null, undefined).violations[0]?.kind).toBe("content-type");
    expect(model.checkResponse("getTask", 200, json, undefined).violations[0]?.message).toBe(
      "the body is empty",
    );
  });

  it("checks a named schema", () => {
    expect(model.checkSchema("CloudErrorBody", { message: "x" })).toEqual([]);
    expect(model.checkSchema("CloudErrorBody", { message: 1 })[0]).toMatchObject({
      pointer: "/message",
      value: 1,
    });
    expect(() => model.checkSchema("Nope", {})).toThrow(/unknown schema/);
  });
});

describe("the bundle as a module and as a file", () => {
  it("is one model per process, the bundle's file parsed", () => {
    expect(model).toBe(bundledModel());
    expect(model.doc).toBe(bundledDocument);
    expect(bundledDocument).toEqual(loadBundle());
  });

  it("reads another bundled file when given its path, once", () => {
    const fromFile = loadDocument(bundlePath());
    expect(fromFile).not.toBe(model);
    expect(fromFile).toBe(loadDocument(bundlePath()));
    expect(fromFile.operations.map((op) => op.operationId)).toEqual(
      model.operations.map((op) => op.operationId),
    );
  });
});

describe("secret properties", () => {
  it("are the ones the bundle marks x-secret: the push token, the password and user_data", () => {
    expect([...model.secretProperties].sort()).toEqual(["password", "token", "user_data"]);
  });

  it("include format: password, in nested and array schemas; other properties are not", () => {
    const doc = openDocument({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {},
      components: {
        schemas: {
          A: {
            type: "object",
            properties: {
              pin: { type: "string", format: "password" },
              list: {
                type: "array",
                items: { properties: { api_key: { type: "string", "x-secret": true } } },
              },
              name: { type: "string", "x-secret": false },
            },
          },
        },
      },
    });
    expect([...doc.secretProperties].sort()).toEqual(["api_key", "pin"]);
  });
});

describe("a tiny document", () => {
  const tiny = openDocument({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": { $ref: "#/components/pathItems/Things" },
    },
    components: {
      pathItems: {
        Things: {
          parameters: [{ name: "a", in: "query", schema: { type: "string" } }],
          delete: {
            parameters: [{ name: "a", in: "query", required: true, schema: { type: "integer" } }],
            responses: { "204": { description: "gone" }, default: { $ref: "#/components/responses/Oops" } },
          },
        },
      },
      responses: {
        Oops: { $ref: "#/components/responses/Inner" },
        Inner: {
          description: "x",
          content: { "application/*": { schema: { type: "object", required: ["message"] } } },
        },
      },
    },
  });

  it("follows $ref chains and lets the operation's parameters win", () => {
    const op = tiny.operation("DELETE /things");
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: "a", required: true, schema: { type: "integer" } }),
    ]);
    expect(tiny.dereference({ $ref: "#/components/responses/Oops" }).ref).toBe(
      "#/components/responses/Inner",
    );
    expect(() => tiny.resolve({ $ref: "#/components/responses/Nope" })).toThrow(/unresolved \$ref/);
    expect(() => tiny.resolve({ $ref: "other.yaml#/x" })).toThrow(/only local/);
  });

  it("refuses a parameter that stands in no place OpenAPI 3.1 knows", () => {
    const paths = { "/x": { get: { parameters: [{ name: "b", in: "body" }], responses: {} } } };
    expect(() => openDocument({ openapi: "3.1.0", paths })).toThrow(/parameter b stands in no place.*"body"/);
  });

  it("requires an empty body where none is documented", () => {
    expect(tiny.checkResponse("DELETE /things", 204, null, undefined).valid).toBe(true);
    expect(tiny.checkResponse("DELETE /things", 204, json, { a: 1 }).violations[0]?.kind).toBe("body");
  });

  it("falls back to default and to wildcard media types", () => {
    const verdict = tiny.checkResponse("DELETE /things", 409, "application/vnd.x+json", {});
    expect(verdict).toMatchObject({ documentedAs: "default", mediaType: "application/*" });
    expect(verdict.violations[0]).toMatchObject({ kind: "body", pointer: "/" });
  });
});

describe("matching", () => {
  it.each([
    [["200", "4XX"], 200, "200"],
    [["200", "4XX"], 404, "4XX"],
    [["200", "4xx"], 404, "4xx"],
    [["200", "5XX"], 404, undefined],
    [["200", "default"], 500, "default"],
    [["404", "4XX", "default"], 404, "404"],
  ] as const)("matchStatus(%j, %i) = %s", (statuses, status, expected) => {
    expect(matchStatus(statuses, status)).toBe(expected);
  });

  it.each([
    [[json], "Application/JSON; charset=UTF-8", json],
    [["application/*"], "application/problem+json", "application/*"],
    [["*/*"], "text/plain", "*/*"],
    [[json], "text/plain", undefined],
    [[json], null, undefined],
  ] as const)("matchMediaType(%j, %s) = %s", (documented, type, expected) => {
    expect(matchMediaType(documented, type)).toBe(expected);
  });

  it("mediaType drops parameters and case", () => {
    expect(mediaType("Application/JSON; charset=UTF-8")).toBe(json);
    expect(mediaType(null)).toBeUndefined();
  });
});

describe("runtime expressions of links", () => {
  const source = {
    path: { project_id: "1" },
    query: { limit: "10" },
    body: { tasks: ["a", "b"], created_resources: { ports: [] }, results: [{ id: "x" }, { id: "y" }] },
  };

  it("read the request's path and query and the answer's body by JSON pointer", () => {
    expect(evaluateExpression("$request.path.project_id", source)).toBe("1");
    expect(evaluateExpression("$request.query.limit", source)).toBe("10");
    expect(evaluateExpression("$response.body#/tasks/1", source)).toBe("b");
    expect(evaluateExpression("$response.body#/created_resources/ports/0", source)).toBeUndefined();
    expect(evaluateExpression(7, source)).toBe(7);
    expect(() => evaluateExpression("$url", source)).toThrow(/unsupported runtime expression/);
  });

  it("stand for every item of an array when they name its first", () => {
    expect(evaluateEach("$response.body#/tasks/0", source)).toEqual(["a", "b"]);
    expect(evaluateEach("$response.body#/results/0/id", source)).toEqual(["x", "y"]);
    expect(evaluateEach("$response.body#/created_resources/ports/0", source)).toEqual([]);
    expect(evaluateEach("$request.path.project_id", source)).toEqual(["1"]);
    expect(evaluateEach("$request.path.missing", source)).toEqual([]);
  });
});
