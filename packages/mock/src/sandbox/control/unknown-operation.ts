import type { DocumentModel } from "@cloud-contract/spec/model";
import { ApiError } from "../http/api-error.js";

/** The 400 for an `operation_id` the served API does not have, listing the valid ones. */
export function unknownOperation(served: DocumentModel, operationId: string): ApiError {
  const valid = served.operations.map((op) => op.operationId);
  return new ApiError(400, `Unknown operation_id "${operationId}"; valid: ${valid.join(", ")}.`, {
    invalidFields: { "body.operation_id": [`must be one of ${valid.join(", ")}`] },
    info: { valid_operation_ids: valid },
  });
}
