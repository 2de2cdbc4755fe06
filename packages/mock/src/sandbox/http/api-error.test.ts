import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { ApiError, type ErrorService, errorBody, errorServiceOf } from "./api-error.js";
import { validationError } from "./validation-error.js";

const model = loadDocument();

/** One operation of each service, to judge its bodies against. */
const OPERATION_OF: Record<ErrorService, string> = {
  cloud: "checkRegistryQuota",
  billing: "listPlanContents",
  cdn: "revokeCdnCertificate",
  iam: "addResellerNotificationSetting",
  streaming: "resetStreamPushToken",
};

const refused = new ApiError(403, "You may not.");
const missing = new ApiError(404, "No such stream.");
const invalid = validationError({ limit: ["must be <= 100"], email: ["must be an e-mail"] });

describe("errorServiceOf", () => {
  it.each(Object.entries(OPERATION_OF))("names %s for %s", (service, operationId) => {
    expect(errorServiceOf(model, operationId)).toBe(service);
  });

  it("falls back to the cloud service for no operation or an unknown one", () => {
    expect(errorServiceOf(model, undefined)).toBe("cloud");
    expect(errorServiceOf(model, "nope")).toBe("cloud");
  });
});

describe("errorBody", () => {
  it.each<[ErrorService, ApiError, number, unknown]>([
    ["cloud", refused, 403, { message: "You may not.", exception_class: "Forbidden", request_id: "r-1" }],
    [
      "cloud",
      invalid,
      400,
      {
        message: expect.stringMatching(/^Validation Error: limit: must be <= 100; email/),
        exception_class: "ValidationError",
        request_id: "r-1",
        invalid_fields: invalid.invalidFields,
      },
    ],
    ["billing", refused, 403, { detail: "You may not." }],
    ["billing", invalid, 400, invalid.invalidFields],
    ["cdn", refused, 403, { message: "You may not." }],
    ["cdn", invalid, 400, { errors: invalid.invalidFields }],
    ["iam", refused, 403, { message: "You may not." }],
    ["iam", invalid, 400, { errors: invalid.invalidFields }],
    ["streaming", missing, 404, { status: 404, error: "No such stream." }],
    ["streaming", invalid, 400, { data: [], errors: ["limit: must be <= 100", "email: must be an e-mail"] }],
  ])("answers a %s error in its service's shape (%#)", (service, error, status, expected) => {
    const body = errorBody(error, "r-1", service);
    expect(body).toEqual(expected);
    // …and the body is what the spec documents for an operation of that service at that status.
    const verdict = model.checkResponse(OPERATION_OF[service], status, "application/json", body);
    expect(verdict.violations).toEqual([]);
  });

  it("names no field for a problem of the body as a whole: every service's message shape", () => {
    const whole = validationError({ "": ["must be object"] });
    expect(whole.message).toBe("Validation Error: must be object");
    expect(errorBody(whole, "r-3", "billing")).toEqual({ detail: whole.message });
    expect(errorBody(whole, "r-3", "iam")).toEqual({ message: whole.message });
  });

  it("answers in the cloud shape when no service is given", () => {
    expect(errorBody(refused, "r-2")).toMatchObject({ message: "You may not.", request_id: "r-2" });
  });
});
