import { type ApiError, invalidFieldsOf } from "../../http/api-error.js";

/** The cloud service's exception report; the sandbox adds the reasons per field and structured details. */
export interface CloudErrorBody {
  message: string;
  exception_class: string;
  request_id: string;
  invalid_fields?: Record<string, string[]>;
  info?: Record<string, unknown>;
}

/** The cloud service's error body: its exception report, the request id in it too. */
export function cloudErrorBody(error: ApiError, requestId: string): CloudErrorBody {
  const body: CloudErrorBody = {
    message: error.message,
    exception_class: error.exceptionClass,
    request_id: requestId,
  };
  const fields = invalidFieldsOf(error);
  if (fields) body.invalid_fields = fields;
  if (error.info) body.info = error.info;
  return body;
}
