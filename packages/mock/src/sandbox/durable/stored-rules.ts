// Overrides and faults read back from a store are checked again before anything is served: one stored by an
// earlier version that would be refused today (a header Node cannot write, a body off the contract, an
// unknown operation) is dropped with a notice instead of breaking every call it answers.
import controlBundle from "@cloud-contract/mock/control/openapi.json" with { type: "json" };
import type { DocumentModel } from "@cloud-contract/spec/model";
import { controlDocument } from "../control/control-document.js";
import { checkFault, MAX_FAULTS_PER_TENANT } from "../faults/arm.js";
import { ApiError } from "../http/api-error.js";
import { MAX_OVERRIDES_PER_TENANT, storedOverrideProblem } from "../overrides/arm.js";
import type { TenantHoldings } from "../tenants/registry.js";

const schemaOf = (name: "Fault" | "Override") => controlBundle.components.schemas[name] as object;

/** Why a stored rule is not one the control API answers (its schema), or undefined. */
function shapeProblem(name: "Fault" | "Override", rule: unknown): string | undefined {
  const [first] = controlDocument().compile(schemaOf(name))(rule).errors;
  return first && `${first.pointer} ${first.message}`;
}

function faultProblem(served: DocumentModel, fault: unknown): string | undefined {
  const shape = shapeProblem("Fault", fault);
  if (shape) return shape;
  try {
    checkFault(fault as Parameters<typeof checkFault>[0], served);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}

/**
 * Drops from a tenant loaded from a backend the overrides and faults it would refuse to arm today, and those
 * past the per-tenant caps; `notice` gets one line for each.
 */
export function dropInvalidRules(
  { armed, store }: TenantHoldings,
  served: DocumentModel,
  tenant: string,
  notice: (line: string) => void,
): void {
  const keep = <T extends { id?: unknown }>(
    rules: T[],
    what: string,
    max: number,
    problemOf: (rule: T) => string | undefined,
  ): T[] => {
    const kept: T[] = [];
    for (const rule of rules) {
      const problem = kept.length >= max ? `past the cap of ${max} per tenant` : problemOf(rule);
      if (problem === undefined) kept.push(rule);
      else notice(`dropped stored ${what} ${String(rule.id)} of tenant ${tenant}: ${problem}`);
    }
    return kept;
  };
  const overrides = keep(
    armed.overrides,
    "override",
    MAX_OVERRIDES_PER_TENANT,
    (rule) => shapeProblem("Override", rule) ?? storedOverrideProblem(served, rule),
  );
  const faults = keep(armed.faults, "fault", MAX_FAULTS_PER_TENANT, (rule) => faultProblem(served, rule));
  if (overrides.length === armed.overrides.length && faults.length === armed.faults.length) return;
  armed.overrides = overrides;
  armed.faults = faults;
  store.changed();
}
