import type { ChosenAnswer } from "../http/pipeline-options.js";
import type { CompiledOperation } from "../openapi/operations.js";
import type { TenantHoldings } from "../tenants/registry.js";
import type { OverrideRule } from "./override.js";

/** How many request ids an override keeps of the calls it answered. */
const KEPT_REQUEST_IDS = 100;

/** The header an answer chosen by an override carries: the override's id. */
export const OVERRIDE_HEADER = "X-Sandbox-Override";

export interface OverrideCall {
  operation: CompiledOperation;
  /** The path parameters as they appear in the path (percent-encoded) and the raw query. */
  rawParams: Record<string, string>;
  rawQuery: string;
  requestId: string;
}

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function fits(override: OverrideRule, call: OverrideCall, query: () => URLSearchParams): boolean {
  if (override.operation_id !== call.operation.operationId) return false;
  for (const [name, value] of Object.entries(override.match.params ?? {})) {
    const given = call.rawParams[name];
    if (given === undefined || decoded(given) !== value) return false;
  }
  for (const [name, value] of Object.entries(override.match.query ?? {})) {
    if (!query().getAll(name).includes(value)) return false;
  }
  return true;
}

/**
 * The pipeline's override stage: the oldest override of the caller's tenant that fits the call answers it.
 * The call counts against its `times` (dropped when used up) and its request id is kept on it.
 */
export function takeOverride(tenant: TenantHoldings, call: OverrideCall): ChosenAnswer | undefined {
  const { overrides } = tenant.armed;
  if (overrides.length === 0) return undefined;
  let query: URLSearchParams | undefined;
  const index = overrides.findIndex((o) =>
    fits(o, call, () => (query ??= new URLSearchParams(call.rawQuery))),
  );
  const override = overrides[index];
  if (!override) return undefined;
  override.times -= 1;
  override.answered.push(call.requestId);
  if (override.answered.length > KEPT_REQUEST_IDS) override.answered.shift();
  if (override.times <= 0) overrides.splice(index, 1);
  tenant.store.changed();
  return {
    status: override.status,
    body: override.body,
    headers: { ...override.headers, [OVERRIDE_HEADER]: override.id },
  };
}
