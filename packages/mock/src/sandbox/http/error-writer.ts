import type { DocumentModel } from "@cloud-contract/spec/model";
import { type CompiledOperation, HTTP_OWN_STATUSES } from "../openapi/operations.js";
import { errorBodyOf } from "../services/services.js";
import { CommitUnconfirmed, StoreUnavailable } from "../store-unavailable.js";
import { ApiError } from "./api-error.js";
import type { SandboxResponse } from "./exchange.js";
import { jsonAnswer } from "./json-answer.js";
import { responseProblem } from "./self-check.js";

export interface ErrorWriterOptions {
  model: DocumentModel;
  /** Check error answers against the spec too (a violation becomes a 500 naming it). */
  validateResponses: boolean;
  /** Told about every error the sandbox did not mean to make (a 500, a 503); never shown to the client. */
  onUnexpected?: (error: unknown, requestId: string) => void;
}

/**
 * The one writer of every error the sandbox answers, whoever raised it: in the error shape of the operation's
 * service (the cloud shape when no operation matched), with `X-Request-Id`, at a status the operation documents
 * or one of HTTP's own. A backing store's fault (`StoreUnavailable`) is a 503 with `Retry-After` (nothing
 * changed), a commit the store did not confirm a 504 (the write may be stored); any other unexpected error a
 * 500; none shows its message, which may name hosts, ports or paths.
 */
export function errorWriter(options: ErrorWriterOptions) {
  const { model } = options;
  return (error: unknown, requestId: string, op: CompiledOperation | undefined): SandboxResponse => {
    const apiError = toApiError(error, requestId, options);
    const errorBody = errorBodyOf(op?.service);
    const status = op ? op.status(apiError.status) : apiError.status;
    const body = errorBody(apiError, requestId);
    const headers: Record<string, string> = { ...apiError.headers };
    if (status === 413) headers.Connection = "close"; // don't read the rest of a huge body
    if (options.validateResponses && op && !HTTP_OWN_STATUSES.has(status)) {
      const problem = responseProblem(model, op.operationId, status, body);
      if (problem) {
        const violation = new ApiError(500, `Error response breaks the spec: ${problem}`, {
          exceptionClass: "SpecViolation",
        });
        return jsonAnswer(500, errorBody(violation, requestId), requestId);
      }
    }
    return jsonAnswer(status, body, requestId, headers);
  };
}

function toApiError(error: unknown, requestId: string, options: ErrorWriterOptions): ApiError {
  if (error instanceof ApiError) return error;
  options.onUnexpected?.(error, requestId);
  if (error instanceof CommitUnconfirmed) {
    return new ApiError(
      504,
      "The sandbox's storage did not confirm this write in time: it may or may not be stored. Read the state before sending it again.",
      { exceptionClass: "GatewayTimeout" },
    );
  }
  if (error instanceof StoreUnavailable) {
    return new ApiError(503, "The sandbox's storage is unavailable for a moment; try again shortly.", {
      exceptionClass: "ServiceUnavailable",
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  return new ApiError(500, `The sandbox failed unexpectedly (request ${requestId}).`, {
    exceptionClass: "InternalServerError",
  });
}
