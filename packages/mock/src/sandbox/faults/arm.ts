import type { DocumentModel } from "@cloud-contract/spec/model";
import { itemAt } from "../../lists.js";
import type { FaultRequest } from "../control/schema.js";
import { unknownOperation } from "../control/unknown-operation.js";
import { ApiError } from "../http/api-error.js";
import { randomUuid } from "../secure-random.js";
import type { TenantHoldings } from "../tenants/registry.js";
import type { FaultRule } from "./fault.js";
import { statusProblem } from "./status-check.js";

export type { FaultRequest };

const refuse = (field: string, problem: string) =>
  new ApiError(400, problem, { invalidFields: { [`body.${field}`]: [problem] } });

/** Most faults one tenant holds at once; arming one more is a 400 naming it. */
export const MAX_FAULTS_PER_TENANT = 100;

/** A seed for a fault that was given none (answered back, so that a run can be repeated). */
const randomSeed = () => itemAt(globalThis.crypto.getRandomValues(new Uint32Array(1)), 0);

/**
 * Checks a fault (already valid against the control API's schema) against the operations served and arms it on
 * the tenant (saved with its store). An unknown operation is a 400 listing the valid ones; a status no operation in scope can answer
 * (undocumented, or a documented body the service's error body does not fit) is a 400, as are a p99 below the
 * p50 and an empty window. A tenant holding {@link MAX_FAULTS_PER_TENANT} faults gets a 400.
 */
export function armFault(tenant: TenantHoldings, request: FaultRequest, served: DocumentModel): FaultRule {
  if (tenant.armed.faults.length >= MAX_FAULTS_PER_TENANT) {
    throw new ApiError(
      400,
      `The tenant holds ${MAX_FAULTS_PER_TENANT} faults, the most it may; delete some before adding another.`,
      { exceptionClass: "TooManyFaults", info: { max_faults: MAX_FAULTS_PER_TENANT } },
    );
  }
  checkFault(request, served);
  const { times, delay_ms, probability, seed, ...rest } = request;
  const fault: FaultRule = {
    id: randomUuid(),
    ...rest,
    times: times ?? 1,
    delay_ms: delay_ms ?? 0,
    probability: probability ?? 1,
    seed: seed ?? randomSeed(),
    matched: 0,
    spoiled: 0,
  };
  tenant.armed.faults.push(fault);
  tenant.store.changed();
  return fault;
}

/** The checks of {@link armFault} on what the fault does (its operation, status, latency and window). */
export function checkFault(request: FaultRequest, served: DocumentModel): void {
  if (request.operation_id !== undefined && !served.findOperation(request.operation_id)) {
    throw unknownOperation(served, request.operation_id);
  }
  if (request.status !== undefined) checkStatus(request, request.status, served);
  if (request.latency && request.latency.p99_ms < request.latency.p50_ms) {
    throw refuse("latency", "p99_ms must be at least p50_ms.");
  }
  if (request.from && request.until && Date.parse(request.until) <= Date.parse(request.from)) {
    throw refuse("until", "until must be later than from.");
  }
}

/** A status fault's status must be answerable by its operation, or by at least one operation of its scope. */
function checkStatus(request: FaultRequest, status: number, served: DocumentModel): void {
  if (request.operation_id !== undefined) {
    const problem = statusProblem(served, request.operation_id, status);
    if (problem) throw refuse("status", problem);
    return;
  }
  const inScope = served.operations.filter((op) => !request.service || op.service === request.service);
  if (!inScope.some((op) => statusProblem(served, op.operationId, status) === undefined)) {
    const scope = request.service ? `the ${request.service} service` : "the API";
    throw refuse(
      "status",
      `No operation of ${scope} documents status ${status}; a fault answers documented statuses only.`,
    );
  }
}
