import type { GateReport } from "../gate-report.js";
import { byLevel, touchOf } from "./finding-line.js";

const data = (s: string) => s.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const property = (s: string) => data(s).replaceAll(":", "%3A").replaceAll(",", "%2C");

/**
 * GitHub Actions workflow commands: one annotation per error and warning at its spec file and line (info
 * stays out of the diff view), one per refused recorded exchange, one per waiver problem.
 */
export function githubReport(report: GateReport): string {
  const lines: string[] = [];
  for (const f of byLevel(report.findings)) {
    if (f.level === "info") continue;
    const level = f.waiver ? "notice" : f.level;
    const place = f.source ? `file=${property(f.source.file)},line=${f.source.line},` : "";
    const waived = f.waiver ? ` (waived until ${f.waiver.expires}: ${f.waiver.reason})` : "";
    lines.push(`::${level} ${place}title=${property(f.rule)}::${data(`${f.operation}: ${f.message}${waived}; ${touchOf(f)}`)}`);
  }
  for (const r of report.refusals) {
    const title = property(`consumer ${r.team}${r.pending ? " (pending before this branch)" : ""}`);
    const level = r.pending ? "notice" : r.blocking ? "error" : "warning";
    lines.push(`::${level} title=${title}::${data(`${r.operation}, ${r.exchange}: ${r.reasons.join("; ")}`)}`);
  }
  for (const problem of report.waiverProblems) lines.push(`::error title=waiver::${data(problem)}`);
  lines.push(report.ok ? "release gate passed" : "release gate FAILED");
  return lines.join("\n");
}
