import type { DocumentModel } from "@cloud-contract/spec/model";
import { ApiError } from "../http/api-error.js";
import { sandboxVerdict } from "../http/self-check.js";
import { errorBodyOf } from "../services/services.js";

/**
 * Why `operationId` cannot answer a status fault of `status`: it does not document the status, or the error
 * body of its service does not fit what the status documents; undefined when it can.
 */
export function statusProblem(
  served: DocumentModel,
  operationId: string,
  status: number,
): string | undefined {
  const errorBody = errorBodyOf(served.findOperation(operationId)?.service);
  const sample = errorBody(new ApiError(status, "sample"), "sample");
  const verdict = sandboxVerdict(served, operationId, status, sample);
  if (!verdict.documented) {
    return `${operationId} does not document status ${status}; a fault answers documented statuses only.`;
  }
  if (!verdict.valid) return `${operationId} documents no error body for status ${status}.`;
  return undefined;
}

/** {@link statusProblem} as a yes/no, remembered per operation and status (a scope-wide fault asks per call). */
export function documentsStatusFault(
  served: DocumentModel,
): (operationId: string, status: number) => boolean {
  const known = new Map<string, boolean>();
  return (operationId, status) => {
    const key = `${operationId} ${status}`;
    let answer = known.get(key);
    if (answer === undefined) {
      answer = statusProblem(served, operationId, status) === undefined;
      known.set(key, answer);
    }
    return answer;
  };
}
