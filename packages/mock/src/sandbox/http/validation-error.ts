import { ApiError } from "./api-error.js";

/**
 * How an operation's validation errors key a field: by its name, as the API's services do (a parameter's name,
 * a body field's path with dots between its parts: `email`, `ordering`, `interfaces.0.type`), or by where it is
 * (`body.email`, `query.ordering.0`, `path.id`), as the control API does.
 */
export type FieldKeys = "name" | "location";

/** Reasons per invalid field, keyed as the operation's {@link FieldKeys} say; `""`: the body as a whole, by name. */
export type InvalidFields = Record<string, string[]>;

/** The key of a problem of the request body as a whole: it has no name, and is `body` where fields are located. */
export const wholeBodyKey = (keys: FieldKeys) => (keys === "name" ? "" : "body");

/**
 * The 422 answer for a request that breaks the spec's schemas. Problems of the body as a whole (key `""`) name
 * no field: they are in the message only, so a body with nothing else wrong is answered in the message shape.
 */
export function validationError(invalid: InvalidFields): ApiError {
  const summary = Object.entries(invalid)
    .map(([field, reasons]) => (field === "" ? reasons.join(", ") : `${field}: ${reasons.join(", ")}`))
    .join("; ");
  const named = Object.fromEntries(Object.entries(invalid).filter(([field]) => field !== ""));
  return new ApiError(422, `Validation Error: ${summary}`, {
    exceptionClass: "ValidationError",
    invalidFields: named,
  });
}
