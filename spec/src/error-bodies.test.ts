import { describe, expect, it } from "vitest";
import { loadDocument } from "./document.js";

const model = loadDocument();
const json = "application/json";

/** One body per documented error shape of each service (tag). */
const SHAPES: Record<string, Record<string, unknown>> = {
  Cloud: {
    "exception report": { message: "keypair not found", exception_class: "NotFoundError", request_id: "r-1" },
    "message only": { message: "keypair not found" },
    "HTTP error": { code: 400, message: "Invalid parameter in request" },
  },
  Billing: {
    detail: { detail: "You do not have permission to perform this action." },
    "error text": { error: "Failed to render report" },
    "validation report": { limit: ["Ensure this value is less than or equal to 100."] },
  },
  CDN: {
    "errors per field": { errors: { sslData: ["cannot revoke"] } },
    "errors list": { errors: ["Deletion of an active instance is prohibited."] },
    message: { message: "JSON parse error" },
    "message with status": { status: 400, message: "validation failure list" },
  },
  IAM: {
    "validation report": { errors: { email: ["Enter a valid email address."] } },
    message: { message: "JSON parse error" },
  },
  Streaming: {
    "error list": { data: [], errors: ["from: query param is not set"] },
    "error with status": { status: 404, error: "Not Found" },
    "error text": { error: "Feature is disabled." },
  },
};

/** Bodies no service documents. */
const UNDOCUMENTED: Record<string, unknown> = {
  "an empty object": {},
  "an unknown field": { fault: "boom" },
  "a text": "Internal Server Error",
  "an array": [{ message: "x" }],
};

const errorStatuses = (operationId: string) =>
  Object.keys(model.operation(operationId).responses)
    .filter((key) => /^[45]/.test(key))
    .map((key) => (key === "5XX" ? 503 : Number(key)));

const cases = model.operations.flatMap((op) =>
  errorStatuses(op.operationId).map((status) => ({ operationId: op.operationId, tag: op.tag ?? "", status })),
);

describe("error bodies per service", () => {
  it("cover every error response of every operation", () => {
    expect(new Set(cases.map((c) => c.tag))).toEqual(new Set(Object.keys(SHAPES)));
    expect(cases.length).toBeGreaterThan(70);
  });

  it.each(cases)("$operationId $status accepts each documented shape of its service ($tag)", (c) => {
    for (const [shape, body] of Object.entries(SHAPES[c.tag] ?? {})) {
      const verdict = model.checkResponse(c.operationId, c.status, json, body);
      expect(verdict.violations, shape).toEqual([]);
    }
  });

  it.each(cases)("$operationId $status refuses undocumented bodies", (c) => {
    for (const [what, body] of Object.entries(UNDOCUMENTED)) {
      expect(model.checkResponse(c.operationId, c.status, json, body).valid, what).toBe(false);
    }
  });

  it.each([
    {
      operationId: "getTask",
      foreign: [{ detail: "x" }, { error: "x" }, { errors: { a: ["x"] } }, { limit: ["x"] }],
    },
    {
      operationId: "listPlanContents",
      foreign: [{ message: "x" }, { errors: { a: ["x"] } }, { code: 1, message: "x" }],
    },
    { operationId: "revokeCdnCertificate", foreign: [{ detail: "x" }, { error: "x" }, { limit: ["x"] }] },
    {
      operationId: "addResellerNotificationSetting",
      foreign: [{ detail: "x" }, { error: "x" }, { limit: ["x"] }, { data: [], errors: ["x"] }],
    },
    {
      operationId: "resetStreamPushToken",
      foreign: [{ message: "x" }, { detail: "x" }, { errors: { a: ["x"] } }, { limit: ["x"] }],
    },
  ])("$operationId refuses the shapes only other services document", ({ operationId, foreign }) => {
    for (const body of foreign) {
      expect(model.checkResponse(operationId, 400, json, body).valid, JSON.stringify(body)).toBe(false);
    }
  });

  it("judges a wrong type in a documented field", () => {
    expect(model.checkResponse("getTask", 404, json, { message: 42 }).valid).toBe(false);
    expect(model.checkResponse("listPlanContents", 400, json, { limit: "too big" }).valid).toBe(false);
    expect(model.checkResponse("revokeCdnCertificate", 400, json, { errors: "nope" }).valid).toBe(false);
    expect(model.checkResponse("addResellerNotificationSetting", 400, json, { errors: ["x"] }).valid).toBe(
      false,
    );
    expect(model.checkResponse("resetStreamPushToken", 400, json, { data: [], errors: "x" }).valid).toBe(
      false,
    );
  });
});
