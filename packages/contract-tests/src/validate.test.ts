import { loadBundle, loadDocument, responseExamples } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import {
  assertResponse,
  ContractViolationError,
  createResponseValidator,
  describeReport,
} from "./validate.js";

const bundle = loadBundle();
const validator = createResponseValidator(bundle);

const task = {
  id: "d478ae29-dedc-4869-82f0-96104425f565",
  state: "FINISHED",
  task_type: "create_bm",
  user_id: 9998,
  created_on: "2026-11-21T09:15:02Z",
};
const json = "application/json";

describe("createResponseValidator on the bundled spec", () => {
  it("knows the twelve operations with their method and path", () => {
    expect(validator.operations.size).toBe(12);
    expect(validator.operations.get("getTask")).toMatchObject({
      method: "GET",
      path: "/cloud/v1/tasks/{task_id}",
    });
    expect(validator.operations.get("resetStreamPushToken")?.statuses).toEqual(
      expect.arrayContaining(["200", "202"]),
    );
  });

  it("accepts every documented response example", () => {
    const examples = responseExamples(loadDocument());
    expect(examples.length).toBeGreaterThan(12);
    for (const { where, operationId, status, contentType, body } of examples) {
      expect(validator.check(operationId, { status, contentType, body }).violations, where).toEqual([]);
    }
  });

  it("passes a valid body and records the documented status", () => {
    const report = validator.check("getTask", {
      status: 200,
      contentType: `${json}; charset=utf-8`,
      body: task,
    });
    expect(report.violations).toEqual([]);
    expect(report.documentedAs).toBe("200");
  });

  it("names the operation, the pointer and the value of a wrong type", () => {
    const report = validator.check("getTask", {
      status: 200,
      contentType: json,
      body: { ...task, user_id: "oops" },
    });
    expect(report.violations).toEqual([
      expect.objectContaining({ kind: "body", pointer: "/user_id", value: "oops" }),
    ]);
    const message = describeReport(report);
    expect(message).toContain("getTask (GET /cloud/v1/tasks/{task_id})");
    expect(message).toContain("/user_id");
    expect(message).toContain('"oops"');
  });

  it("fails an undocumented status", () => {
    const report = validator.check("getTask", {
      status: 418,
      contentType: json,
      body: { message: "teapot" },
    });
    expect(report.violations).toEqual([expect.objectContaining({ kind: "status", value: 418 })]);
  });

  it("matches 5XX ranges and checks them against the error body", () => {
    const ok = validator.check("getTask", { status: 503, contentType: json, body: { message: "down" } });
    expect(ok.documentedAs).toBe("5XX");
    expect(ok.violations).toEqual([]);
    const bad = validator.check("getTask", { status: 503, contentType: json, body: { detail: "down" } });
    expect(bad.violations[0]).toMatchObject({ kind: "body", pointer: "/" });
  });

  it("fails an undocumented content type and an empty body", () => {
    const html = validator.check("getTask", { status: 200, contentType: "text/html", body: "<p>" });
    expect(html.violations[0]?.kind).toBe("content-type");
    const none = validator.check("getTask", { status: 200, contentType: null, body: undefined });
    expect(none.violations[0]?.kind).toBe("content-type");
    const empty = validator.check("getTask", { status: 200, contentType: json, body: undefined });
    expect(empty.violations[0]?.message).toBe("the body is empty");
  });

  it("fails Prism's problem+json unless asked to accept it, and only for 4xx", () => {
    const problem = {
      type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      title: "Invalid request",
      status: 422,
    };
    const strict = validator.check("listActiveTasks", {
      status: 422,
      contentType: "application/problem+json",
      body: problem,
    });
    expect(strict.violations[0]?.kind).toBe("content-type");

    const lenient = { acceptPrismProblems: true };
    const accepted = validator.check(
      "listActiveTasks",
      { status: 422, contentType: "application/problem+json", body: problem },
      lenient,
    );
    expect(accepted).toMatchObject({ prismProblem: true, violations: [] });
    const serverSide = validator.check(
      "listActiveTasks",
      { status: 500, contentType: "application/problem+json", body: problem },
      lenient,
    );
    expect(serverSide.prismProblem).toBe(false);
    expect(serverSide.violations.length).toBeGreaterThan(0);
  });

  it("rejects an unknown operationId loudly", () => {
    expect(() => validator.check("nope", { status: 200, contentType: json, body: {} })).toThrow(
      /unknown operationId/,
    );
  });

  it("checks a named schema", () => {
    expect(validator.checkSchema("CloudErrorBody", { message: "x" })).toEqual([]);
    expect(validator.checkSchema("CloudErrorBody", { message: 1 })[0]).toMatchObject({
      pointer: "/message",
      value: 1,
    });
  });

  it("assertResponse throws a ContractViolationError carrying the report", () => {
    expect(() =>
      assertResponse(validator, "listActiveTasks", {
        status: 200,
        contentType: json,
        body: { count: -1, results: [] },
      }),
    ).toThrow(ContractViolationError);
    try {
      assertResponse(validator, "listActiveTasks", {
        status: 200,
        contentType: json,
        body: { count: "1", results: [] },
      });
    } catch (error) {
      expect((error as ContractViolationError).report.violations[0]?.pointer).toBe("/count");
      expect((error as Error).message).toMatch(
        /listActiveTasks \(GET \/cloud\/v1\/tasks\/\{project_id\}\/\{region_id\}\/active\).*\/count/,
      );
    }
  });
});

describe("a tiny document", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        delete: {
          operationId: "deleteThings",
          responses: { "204": { description: "gone" }, default: { $ref: "#/components/responses/Oops" } },
        },
      },
    },
    components: {
      responses: {
        Oops: {
          description: "x",
          content: { "application/*": { schema: { type: "object", required: ["message"] } } },
        },
      },
    },
  };
  const tiny = createResponseValidator(doc);

  it("requires an empty body where none is documented", () => {
    expect(
      tiny.check("deleteThings", { status: 204, contentType: null, body: undefined }).violations,
    ).toEqual([]);
    expect(
      tiny.check("deleteThings", { status: 204, contentType: json, body: { a: 1 } }).violations[0]?.kind,
    ).toBe("body");
  });

  it("falls back to default and to wildcard media types", () => {
    const report = tiny.check("deleteThings", {
      status: 409,
      contentType: "application/vnd.x+json",
      body: {},
    });
    expect(report.documentedAs).toBe("default");
    expect(report.violations[0]).toMatchObject({ kind: "body", pointer: "/" });
  });
});
