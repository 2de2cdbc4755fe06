import type { DocumentModel } from "@cloud-contract/spec/model";
import { ApiError, errorBody, errorServiceOf } from "../http/api-error.js";
import type { FaultAnswer } from "../http/pipeline.js";
import { sandboxVerdict } from "../http/self-check.js";
import type { CompiledOperation } from "../openapi/operations.js";
import { randomUuid } from "../secure-random.js";
import type { Store } from "../store.js";
import type { FaultRule } from "./fault.js";

/** A fault as `POST /__sandbox/faults` receives it (already valid against the control API's schema). */
export type FaultRequest = Omit<FaultRule, "id" | "times" | "delay_ms"> & {
  times?: number;
  delay_ms?: number;
};

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
    id: randomUuid(),
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
 * The pipeline's fault stage: takes the oldest fault of the caller's store that matches the call's operation,
 * counts the call against it (dropping it when used up) and says how the call is spoiled.
 */
export function takeFault({
  operation,
  app,
}: {
  operation: CompiledOperation;
  app: Store;
}): FaultAnswer | undefined {
  if (app.faults.length === 0) return undefined;
  const index = app.faults.findIndex((fault) => fault.operation_id === operation.operationId);
  const fault = app.faults[index];
  if (!fault) return undefined;
  fault.times -= 1;
  if (fault.times <= 0) app.faults.splice(index, 1);
  app.changed();
  if (fault.kind !== "status") return { kind: fault.kind, delayMs: fault.delay_ms };
  const status = fault.status ?? 500;
  const error = new ApiError(
    status,
    `Injected fault: ${operation.operationId} answers ${status} (fault ${fault.id}).`,
    {
      ...(fault.retry_after_s !== undefined
        ? { headers: { "Retry-After": String(fault.retry_after_s) } }
        : {}),
    },
  );
  return { kind: "status", error, delayMs: fault.delay_ms };
}
