import { ApiError } from "./api-error.js";

/** Reasons per invalid field, keyed `path.<name>`, `query.<name>` or `body.<json path>`. */
export type InvalidFields = Record<string, string[]>;

/** The 422 answer for a request that breaks the spec's schemas. */
export function validationError(invalid: InvalidFields): ApiError {
  const summary = Object.entries(invalid)
    .map(([field, reasons]) => `${field}: ${reasons.join(", ")}`)
    .join("; ");
  return new ApiError(422, `Validation Error: ${summary}`, {
    exceptionClass: "ValidationError",
    invalidFields: invalid,
  });
}
