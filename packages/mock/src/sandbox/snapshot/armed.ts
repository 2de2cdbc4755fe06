// A snapshot's faults and overrides, checked as the control API checks them when they are armed (its schema of
// the request, then the served API's contract), on a scratch tenant: the tenant takes them only once all pass.
import type { DocumentModel } from "@cloud-contract/spec/model";
import { controlDocument } from "../control/control-document.js";
import type { FaultRequest, OverrideRequest } from "../control/schema.js";
import { armFault } from "../faults/arm.js";
import type { FaultRule } from "../faults/fault.js";
import { ApiError } from "../http/api-error.js";
import { armOverride } from "../overrides/arm.js";
import type { OverrideRule } from "../overrides/override.js";
import { Store } from "../store.js";
import { type ArmedMeta, ArmedRules } from "../tenants/armed-rules.js";
import type { SnapshotProblem } from "./check.js";
import type { SnapshotDocument } from "./format.js";

/** The request that arms a fault like `rule` (its counts start again; a drawn wait has no fixed one). */
function faultRequest({ id: _, matched: __, spoiled: ___, delay_ms, ...rule }: FaultRule): FaultRequest {
  return { ...rule, ...(rule.latency ? {} : { delay_ms }) } as FaultRequest;
}

/** The request that arms an override like `rule`. */
function overrideRequest({
  id: _,
  body_generated: __,
  answered: ___,
  ...rule
}: OverrideRule): OverrideRequest {
  return rule as OverrideRequest;
}

/** The problems of an ApiError the arming threw, at `pointer` (its `body.<field>`s under it). */
function problemsOf(error: unknown, entity: string, pointer: string): SnapshotProblem[] {
  if (!(error instanceof ApiError)) throw error;
  const fields = Object.entries(error.invalidFields ?? {});
  if (fields.length === 0) return [{ entity, pointer, rule: error.message }];
  return fields.flatMap(([field, rules]) =>
    rules.map((rule) => ({
      entity,
      pointer: `${pointer}/${field.replace(/^body\.?/, "").replaceAll(".", "/")}`.replace(/\/$/, ""),
      rule,
    })),
  );
}

/** The snapshot's faults and overrides armed anew (fresh ids), or what keeps them from being armed. */
export async function armSnapshot(
  doc: SnapshotDocument,
  served: DocumentModel,
): Promise<ArmedMeta | SnapshotProblem[]> {
  const scratch = { store: new Store({ seed: doc.seed }), armed: new ArmedRules() };
  const control = controlDocument();
  const problems: SnapshotProblem[] = [];
  for (const [index, rule] of (doc.faults ?? []).entries()) {
    const request = faultRequest(rule);
    const entity = `faults ${rule.id}`;
    const broken = control.checkSchema("FaultRequest", request);
    if (broken.length > 0) {
      problems.push(
        ...broken.map((e) => ({
          entity,
          pointer: `/faults/${index}${e.pointer === "/" ? "" : e.pointer}`,
          rule: e.message,
        })),
      );
      continue;
    }
    try {
      armFault(scratch, request, served);
    } catch (error) {
      problems.push(...problemsOf(error, entity, `/faults/${index}`));
    }
  }
  for (const [index, rule] of (doc.overrides ?? []).entries()) {
    const request = overrideRequest(rule);
    const entity = `overrides ${rule.id}`;
    const broken = control.checkSchema("OverrideRequest", request);
    if (broken.length > 0) {
      problems.push(
        ...broken.map((e) => ({
          entity,
          pointer: `/overrides/${index}${e.pointer === "/" ? "" : e.pointer}`,
          rule: e.message,
        })),
      );
      continue;
    }
    try {
      await armOverride(scratch, request, served);
    } catch (error) {
      problems.push(...problemsOf(error, entity, `/overrides/${index}`));
    }
  }
  return problems.length > 0 ? problems : scratch.armed.save();
}
