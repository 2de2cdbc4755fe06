import { type ApiError, invalidFieldsOf } from "../../http/api-error.js";

/** The billing service's error body: the reasons by field, or `detail`. */
export function billingErrorBody(error: ApiError): Record<string, string[]> | { detail: string } {
  const fields = invalidFieldsOf(error);
  return fields ? { ...fields } : { detail: error.message };
}
