import { errorBodyOf } from "../services/services.js";
import { ApiError } from "./api-error.js";
import type { SandboxResponse } from "./exchange.js";
import { jsonAnswer } from "./json-answer.js";
import { requestIdFactory } from "./request-id.js";

const nextRequestId = requestIdFactory();

/**
 * An answer refusing a request before it is routed (its Host or Origin), in the control API's error shape
 * (the cloud API's), with a request id of its own.
 */
export function refusalAnswer(status: number, exceptionClass: string, message: string): SandboxResponse {
  const requestId = nextRequestId();
  return jsonAnswer(
    status,
    errorBodyOf(undefined)(new ApiError(status, message, { exceptionClass }), requestId),
    requestId,
  );
}
