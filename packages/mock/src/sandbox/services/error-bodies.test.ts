import { loadDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-error.js";
import { validationError } from "../http/validation-error.js";
import { errorBodyOf, type ServiceName } from "./services.js";

const model = loadDocument();

/** One operation of each service, to judge its bodies against. */
const OPERATION_OF: Record<ServiceName, string> = {
  cloud: "checkRegistryQuota",
  billing: "listPlanContents",
  cdn: "revokeCdnCertificate",
  iam: "addResellerNotificationSetting",
  streaming: "resetStreamPushToken",
};

const refused = new ApiError(403, "You may not.");
const missing = new ApiError(404, "No such stream.");
const invalid = validationError({ limit: ["must be <= 100"], email: ["must be an e-mail"] });

describe("errorBodyOf", () => {
  it.each(Object.entries(OPERATION_OF))(
    "is the declared body of %s, the service of %s",
    (service, operationId) => {
      const declared = model.findOperation(operationId)?.service;
      expect(declared).toBe(service);
      expect(errorBodyOf(declared)(missing, "r-1")).toEqual(errorBodyOf(service)(missing, "r-1"));
    },
  );

  it.each<[ServiceName, ApiError, number, unknown]>([
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
    const body = errorBodyOf(service)(error, "r-1");
    expect(body).toEqual(expected);
    // …and the body is what the spec documents for an operation of that service at that status.
    const verdict = model.checkResponse(OPERATION_OF[service], status, "application/json", body);
    expect(verdict.violations).toEqual([]);
  });

  it("answers in the cloud shape for no service or an unknown one", () => {
    expect(errorBodyOf(undefined)(refused, "r-2")).toMatchObject({
      message: "You may not.",
      request_id: "r-2",
    });
    expect(errorBodyOf("nope")(refused, "r-2")).toMatchObject({ message: "You may not.", request_id: "r-2" });
  });

  it("names no field for a problem of the body as a whole: every service's message shape", () => {
    const whole = validationError({ "": ["must be object"] });
    expect(whole.message).toBe("Validation Error: must be object");
    expect(errorBodyOf("billing")(whole, "r-3")).toEqual({ detail: whole.message });
    expect(errorBodyOf("iam")(whole, "r-3")).toEqual({ message: whole.message });
  });
});
