// The failures of one operation's generated cases, grouped by cause (what broke, not the values that
// broke it), each group with its smallest case: one failing behaviour, one case to replay.
import type { CaseFailure } from "./engine.js";

export interface FailureGroup {
  /** What the failing cases have in common: `valid request → 5xx`, `invalid request → 2xx`, or the violated pointer and rule. */
  cause: string;
  /** How many failing cases had this cause. */
  count: number;
  /** The smallest case of the group (by its JSON size). */
  minimal: CaseFailure;
}

/** Array indexes and numbers in pointers and messages do not make a new cause. */
const generalize = (text: string) => text.replace(/\/\d+(?=\/|$)/g, "/*").replace(/\b\d+\b/g, "N");

export function causeOf(failure: CaseFailure): string {
  const { case: c, outcome } = failure;
  if (!outcome) return `${c.kind}: ${generalize(failure.reason)}`;
  const statusClass = `${Math.floor(outcome.status / 100)}xx`;
  // A server error is the failure itself; a broken body of that answer is only a detail of it.
  if (outcome.status >= 500) return `${c.kind} request → ${statusClass}`;
  const [violation] = outcome.verdict.violations;
  if (violation)
    return `${c.kind} request → ${statusClass}: ${generalize(`${violation.pointer} ${violation.message}`)}`;
  return `${c.kind} request → ${statusClass}`;
}

const sizeOf = (failure: CaseFailure) => JSON.stringify(failure.case).length;

export function groupFailures(failures: readonly CaseFailure[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const failure of failures) {
    const cause = causeOf(failure);
    const group = groups.get(cause);
    if (!group) groups.set(cause, { cause, count: 1, minimal: failure });
    else {
      group.count++;
      if (sizeOf(failure) < sizeOf(group.minimal)) group.minimal = failure;
    }
  }
  return [...groups.values()];
}
