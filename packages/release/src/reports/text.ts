import type { GateReport } from "../gate-report.js";
import { formatWitness } from "../diff/witness-format.js";
import { byLevel, touchOf, whereOf } from "./finding-line.js";

/** The report for a terminal: every error and warning with its place, a count of the rest, the verdict. */
export function textReport(report: GateReport): string {
  const lines: string[] = [];
  const count = (level: string) => report.findings.filter((f) => f.level === level).length;
  lines.push(`release gate: ${count("error")} error(s), ${count("warning")} warning(s), ${count("info")} info`);
  for (const f of byLevel(report.findings)) {
    if (f.level === "info") continue;
    const waived = f.waiver ? ` [waived until ${f.waiver.expires}: ${f.waiver.reason}]` : "";
    lines.push(`  ${f.level} [${f.rule}] ${f.operation}: ${f.message} (${whereOf(f)})${waived}`);
    lines.push(`    ${touchOf(f)}; fingerprint: ${f.fingerprint}`);
    if (f.witness) lines.push(`    witness: ${formatWitness(f.witness)}`);
  }
  const { teams, exchanges, skipped } = report.replayed;
  const notSpec = skipped > 0 ? ` (${skipped} outside the spec, skipped)` : "";
  lines.push(
    `consumers: ${exchanges} recorded exchange(s) of ${teams.length} team(s) replayed${notSpec}, ${report.refusals.length} refused`,
  );
  for (const r of report.refusals) {
    lines.push(`  ${r.blocking ? "error" : "warning"} team ${r.team}, ${r.operation}, ${r.exchange}`);
    for (const reason of r.reasons) lines.push(`    ${reason}`);
  }
  for (const problem of report.waiverProblems) lines.push(`  error ${problem}`);
  for (const reason of report.reasons) lines.push(`  ${reason}`);
  lines.push(report.ok ? "PASSED" : "FAILED");
  return lines.join("\n");
}
