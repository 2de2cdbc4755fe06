import { describe, expect, it } from "vitest";
import { errorBodyMessage } from "./error-message.js";

describe("errorBodyMessage", () => {
  it.each([
    [
      "cloud exception report",
      { message: "keypair not found", exception_class: "NotFoundError" },
      "keypair not found",
    ],
    ["cloud HTTP error", { code: 400, message: "Invalid parameter" }, "Invalid parameter"],
    ["billing detail", { detail: "Not allowed." }, "Not allowed."],
    ["billing error text", { error: "Failed to render report" }, "Failed to render report"],
    [
      "billing validation report",
      { limit: ["too big"], offset: ["negative", "odd"] },
      "limit: too big; offset: negative, odd",
    ],
    ["CDN errors per field", { errors: { sslData: ["in progress"] } }, "sslData: in progress"],
    ["CDN errors list", { errors: ["active instance"] }, "active instance"],
    [
      "CDN errors of nested fields and as text",
      { errors: { auth: { s3_region: ["required"] }, secondaryHostnames: "taken" } },
      "auth.s3_region: required; secondaryHostnames: taken",
    ],
    ["IAM error as text", { errors: { groups: "no such group" } }, "groups: no such group"],
    ["CDN message with status", { status: 400, message: "validation failure" }, "validation failure"],
    [
      "IAM validation report",
      { errors: { email: ["Enter a valid email address."] } },
      "email: Enter a valid email address.",
    ],
    [
      "streaming error list",
      { data: [], errors: ["from: not set", "to: not set"] },
      "from: not set; to: not set",
    ],
    ["streaming error with status", { status: 404, error: "Not Found" }, "Not Found"],
    ["a text body", "<h1>Bad gateway</h1>", "<h1>Bad gateway</h1>"],
  ])("reads a %s", (_shape, body, message) => {
    expect(errorBodyMessage(body)).toBe(message);
  });

  it.each([
    ["no body", undefined],
    ["an empty text", ""],
    ["an empty object", {}],
    ["an unknown shape", { fault: 42 }],
    ["an empty list of reasons", { data: [], errors: [] }],
    ["an array", [{ message: "x" }]],
    ["a number", 42],
  ])("finds nothing in %s", (_what, body) => {
    expect(errorBodyMessage(body)).toBeUndefined();
  });
});
