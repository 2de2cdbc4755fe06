import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { DocumentModel } from "@cloud-contract/spec/document";
import { ApiError, type ErrorService, errorBody, errorServiceOf } from "../http/api-error.js";
import type { InterceptedCall, Interception } from "../http/api-handler.js";
import { sandboxVerdict } from "../http/self-check.js";
import { sendJson } from "../http/send.js";
import type { Store } from "../store.js";
import type { FaultRule } from "./fault.js";

/** A fault as `POST /__sandbox/faults` receives it (already valid against the control API's schema). */
export type FaultRequest = Omit<FaultRule, "id" | "times" | "delay_ms"> & {
  times?: number;
  delay_ms?: number;
};

/** How many pieces a slow body is cut into (at most; fewer when the body is shorter). */
const SLOW_BODY_PIECES = 20;

/**
 * Checks a fault against the operations served and arms it on the store. An unknown operation is a 400
 * listing the valid ones; a status the operation does not document, or whose documented body the error body
 * of the operation's service does not fit, is a 400 too.
 */
export function armFault(store: Store, request: FaultRequest, served: DocumentModel): FaultRule {
  const operation = served.findOperation(request.operation_id);
  if (!operation) {
    const valid = served.operations.map((op) => op.operationId);
    throw new ApiError(400, `Unknown operation_id "${request.operation_id}"; valid: ${valid.join(", ")}.`, {
      invalidFields: { "body.operation_id": [`must be one of ${valid.join(", ")}`] },
      info: { valid_operation_ids: valid },
    });
  }
  if (request.status !== undefined) {
    const problem = statusProblem(served, request.operation_id, request.status);
    if (problem) throw new ApiError(400, problem, { invalidFields: { "body.status": [problem] } });
  }
  const fault: FaultRule = {
    id: randomUUID(),
    operation_id: request.operation_id,
    kind: request.kind,
    times: request.times ?? 1,
    ...(request.status !== undefined ? { status: request.status } : {}),
    ...(request.retry_after_s !== undefined ? { retry_after_s: request.retry_after_s } : {}),
    delay_ms: request.delay_ms ?? 0,
  };
  store.faults.push(fault);
  store.changed();
  return fault;
}

function statusProblem(served: DocumentModel, operationId: string, status: number): string | undefined {
  const service = errorServiceOf(served, operationId);
  const sample = errorBody(new ApiError(status, "sample"), "sample", service);
  const verdict = sandboxVerdict(served, operationId, status, sample);
  if (!verdict.documented) {
    return `${operationId} does not document status ${status}; a fault answers documented statuses only.`;
  }
  if (!verdict.valid) return `${operationId} documents no error body for status ${status}.`;
  return undefined;
}

/**
 * The interceptor of the API handler: takes the oldest fault of the caller's store that matches the call's
 * operation, counts the call against it (dropping it when used up) and says how the call is answered.
 */
export function faultInterceptor(
  storeOf: (key: string) => Store | undefined,
): (call: InterceptedCall) => Interception | undefined {
  return ({ operation, service, key }) => {
    const store = storeOf(key);
    if (!store || store.faults.length === 0) return undefined;
    const index = store.faults.findIndex((fault) => fault.operation_id === operation.operationId);
    const fault = store.faults[index];
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) store.faults.splice(index, 1);
    store.changed();
    return interception(fault, operation.operationId, service);
  };
}

function interception(fault: FaultRule, operationId: string, service: ErrorService): Interception {
  const later = (res: ServerResponse, action: () => void) => {
    if (fault.delay_ms === 0) return action();
    const timer = setTimeout(action, fault.delay_ms);
    res.once("close", () => clearTimeout(timer));
  };
  if (fault.kind === "reset") return { answer: (res) => later(res, () => res.destroy()) };
  if (fault.kind === "slow_body") return { send: slowSender(fault.delay_ms) };
  const status = fault.status ?? 500;
  const headers =
    fault.retry_after_s !== undefined ? { "Retry-After": String(fault.retry_after_s) } : undefined;
  return {
    answer: (res, requestId) =>
      later(res, () => {
        const error = new ApiError(
          status,
          `Injected fault: ${operationId} answers ${status} (fault ${fault.id}).`,
        );
        sendJson(res, status, errorBody(error, requestId, service), requestId, headers);
      }),
  };
}

/** Writes the head at once and the body in pieces spread over `durationMs`. */
function slowSender(durationMs: number): typeof sendJson {
  return (res, status, body, requestId, headers) => {
    const text = Buffer.from(body === undefined ? "" : JSON.stringify(body));
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Content-Length": text.length,
      "X-Request-Id": requestId,
      ...headers,
    });
    const pieces = Math.max(1, Math.min(SLOW_BODY_PIECES, text.length));
    const size = Math.ceil(text.length / pieces);
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      const piece = text.subarray(sent, sent + size);
      sent += piece.length;
      if (sent >= text.length) {
        clearInterval(timer);
        res.end(piece);
      } else res.write(piece);
    }, durationMs / pieces);
    res.once("close", () => clearInterval(timer));
  };
}
