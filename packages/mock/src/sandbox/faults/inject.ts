import type { DocumentModel } from "@cloud-contract/spec/model";
import { ApiError } from "../http/api-error.js";
import type { FaultAnswer } from "../http/pipeline.js";
import type { CompiledOperation } from "../openapi/operations.js";
import type { TenantHoldings } from "../tenants/registry.js";
import { decide } from "./chance.js";
import type { FaultRule } from "./fault.js";
import { documentsStatusFault } from "./status-check.js";

/** Whether a call of `operation` at `now` (the tenant's clock) is in the fault's scope and window. */
function matches(fault: FaultRule, operation: CompiledOperation, now: number): boolean {
  if (fault.operation_id !== undefined && fault.operation_id !== operation.operationId) return false;
  if (fault.service !== undefined && fault.service !== operation.service) return false;
  if (fault.from !== undefined && now < Date.parse(fault.from)) return false;
  return fault.until === undefined || now < Date.parse(fault.until);
}

/**
 * The pipeline's fault stage over the served API: the oldest fault of the caller's tenant that matches the call
 * and, by its seeded chance, spoils it. Each matching fault counts the match; the one that spoils also counts
 * the call against its `times` (dropped when used up). A status fault of a service or of every operation
 * passes over operations that do not document its status.
 */
export function faultTaker(
  served: DocumentModel,
): (tenant: TenantHoldings, operation: CompiledOperation) => FaultAnswer | undefined {
  const documents = documentsStatusFault(served);
  return ({ armed, store }, operation) => {
    if (armed.faults.length === 0) return undefined;
    const now = store.now();
    let counted = false;
    for (const [index, fault] of armed.faults.entries()) {
      if (!matches(fault, operation, now)) continue;
      if (fault.kind === "status" && !documents(operation.operationId, fault.status ?? 500)) continue;
      const decision = decide(fault, fault.matched);
      fault.matched += 1;
      counted = true;
      if (!decision.spoils) continue;
      fault.spoiled += 1;
      fault.times -= 1;
      if (fault.times <= 0) armed.faults.splice(index, 1);
      store.changed();
      return answerOf(fault, operation, decision.waitMs);
    }
    if (counted) store.changed();
    return undefined;
  };
}

function answerOf(fault: FaultRule, operation: CompiledOperation, delayMs: number): FaultAnswer {
  if (fault.kind !== "status") return { kind: fault.kind, delayMs };
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
  return { kind: "status", error, delayMs };
}
