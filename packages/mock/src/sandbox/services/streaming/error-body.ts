import { type ApiError, invalidFieldsOf } from "../../http/api-error.js";

/** The streaming service's error body: one line per invalid field, or the status and message. */
export function streamingErrorBody(
  error: ApiError,
): { data: string[]; errors: string[] } | { status: number; error: string } {
  const fields = invalidFieldsOf(error);
  return fields
    ? {
        data: [],
        errors: Object.entries(fields).map(([field, reasons]) => `${field}: ${reasons.join(", ")}`),
      }
    : { status: error.status, error: error.message };
}
