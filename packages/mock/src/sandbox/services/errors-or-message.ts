import { type ApiError, invalidFieldsOf } from "../http/api-error.js";

/** The error body of the CDN and IAM services: the reasons by field under `errors`, or `message`. */
export function errorsOrMessage(error: ApiError): { errors: Record<string, string[]> } | { message: string } {
  const fields = invalidFieldsOf(error);
  return fields ? { errors: fields } : { message: error.message };
}
