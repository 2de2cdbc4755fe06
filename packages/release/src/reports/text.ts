import type { GateFinding, GateReport } from "../gate-report.js";
import { baseLine, byLevel, byOrigin, refusalGroups, touchOf, whereOf, witnessOf } from "./finding-line.js";

const count = (findings: GateFinding[]) => {
  const n = (level: string) => findings.filter((f) => f.level === level).length;
  return `${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info`;
};

/**
 * The report for a terminal: what this branch changes first (every error and warning with its place, the
 * teams it touches and its witness), then what was pending before it, the consumers, the verdict. Info
 * findings are counted, and listed with `verbose`.
 */
export function textReport(report: GateReport, { verbose = false } = {}): string {
  const lines: string[] = [`release gate: ${count(report.findings)}`, baseLine(report)];
  const { branch, pending } = byOrigin(report.findings);
  const list = (findings: GateFinding[], detailed: boolean) => {
    for (const f of byLevel(findings)) {
      if (f.level === "info" && !verbose) continue;
      const waived = f.waiver ? ` [waived until ${f.waiver.expires}: ${f.waiver.reason}]` : "";
      lines.push(`  ${f.level} [${f.rule}] ${f.operation}: ${f.message} (${whereOf(f)})${waived}`);
      if (!detailed) continue;
      lines.push(`    ${touchOf(f)}; fingerprint: ${f.fingerprint}`);
      const witness = witnessOf(f);
      if (witness) lines.push(`    witness: ${witness}`);
    }
  };
  if ("commit" in report.base) {
    lines.push(`changes of this branch: ${count(branch)}`);
    list(branch, true);
    lines.push(`pending before this branch (since the release): ${count(pending)}`);
    list(pending, verbose);
  } else list(pending, true);
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
  refusals(pendingRefusals, verbose);
  for (const problem of report.waiverProblems) lines.push(`  error ${problem}`);
  for (const reason of report.reasons) lines.push(`  ${reason}`);
  lines.push(report.ok ? "PASSED" : "FAILED");
  return lines.join("\n");
}
