import type { GateFinding, GateReport } from "../gate-report.js";
import {
  baseLine,
  byLevel,
  byOrigin,
  changesetLine,
  refusalGroups,
  touchOf,
  verdictLine,
  whereOf,
  witnessOf,
} from "./finding-line.js";

const count = (findings: GateFinding[]) => {
  const n = (level: string) => findings.filter((f) => f.level === level).length;
  return `${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info`;
};

/**
 * The report for a terminal: the verdict and this branch's count of breaking changes on line 1, then what this
 * branch changes (every error and warning with its rule, operation, pointer, place and witness), what was
 * pending before it in one line (listed with `verbose`), the changeset to add, the consumers, the reasons.
 * Info findings are counted, and listed with `verbose`.
 */
export function textReport(report: GateReport, { verbose = false } = {}): string {
  const lines: string[] = [verdictLine(report), baseLine(report)];
  const { branch, pending } = byOrigin(report.findings);
  const list = (findings: GateFinding[]) => {
    for (const f of byLevel(findings)) {
      if (f.level === "info" && !verbose) continue;
      const waived = f.waiver ? ` [waived until ${f.waiver.expires}: ${f.waiver.reason}]` : "";
      lines.push(`  ${f.level} [${f.rule}] ${f.operation}: ${f.message} (${whereOf(f)})${waived}`);
      lines.push(`    at ${f.after}; ${touchOf(f)}; fingerprint: ${f.fingerprint}`);
      const witness = witnessOf(f);
      if (witness) lines.push(`    witness: ${witness}`);
    }
  };
  if ("commit" in report.base) {
    lines.push(`changes of this branch: ${count(branch)}`);
    list(branch);
    const more = verbose || pending.length === 0 ? "" : " (--verbose lists them)";
    lines.push(`pending before this branch (since the release): ${count(pending)}${more}`);
    if (verbose) list(pending);
  } else {
    lines.push(`changes since the release: ${count(pending)}`);
    list(pending);
  }
  const changeset = changesetLine(report);
  if (changeset) lines.push(changeset);
  const { teams, exchanges, skipped } = report.replayed;
  const notSpec = skipped > 0 ? ` (${skipped} outside the spec, skipped)` : "";
  const fresh = report.refusals.filter((r) => !r.pending);
  const pendingRefusals = report.refusals.filter((r) => r.pending);
  const alike = pendingRefusals.length > 0 ? ` (and ${pendingRefusals.length} refused alike at the base)` : "";
  lines.push(
    `consumers: ${exchanges} recorded exchange(s) of ${teams.length} team(s) replayed${notSpec}, ${fresh.length} refused${alike}`,
  );
  const refusals = (list: typeof report.refusals, detailed: boolean) => {
    for (const r of refusalGroups(list)) {
      const more = r.more > 0 ? ` (and ${r.more} more exchange(s) alike)` : "";
      const level = r.pending ? "pending" : r.blocking ? "error" : "warning";
      lines.push(`  ${level} team ${r.team}, ${r.operation}, ${r.exchange}${more}`);
      if (detailed) for (const reason of r.reasons) lines.push(`    ${reason}`);
    }
  };
  refusals(fresh, true);
  if (verbose) refusals(pendingRefusals, true);
  for (const problem of report.waiverProblems) lines.push(`  error ${problem}`);
  for (const reason of report.reasons) lines.push(`  ${reason}`);
  lines.push(report.ok ? "PASSED" : "FAILED");
  return lines.join("\n");
}
