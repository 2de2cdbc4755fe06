import type { GateReport } from "../gate-report.js";
import { formatWitness } from "../diff/witness-format.js";
import { changelogSection } from "./changelog.js";
import { byLevel, touchOf, whereOf } from "./finding-line.js";

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

/** A pull-request comment: the verdict, a table of errors and warnings, refused exchanges, the changelog section. */
export function markdownReport(report: GateReport): string {
  const lines = [`# Release gate: ${report.ok ? "passed" : "**failed**"}`, ""];
  for (const reason of report.reasons) lines.push(`- ${reason}`);
  lines.push("");
  const loud = byLevel(report.findings).filter((f) => f.level !== "info");
  if (loud.length > 0) {
    lines.push("| level | rule | operation | change | where | consumers |", "| --- | --- | --- | --- | --- | --- |");
    for (const f of loud) {
      const level = f.waiver ? `${f.level} (waived until ${f.waiver.expires})` : f.level;
      lines.push(`| ${level} | \`${f.rule}\` | ${cell(f.operation)} | ${cell(f.message)}${f.witness ? `<br>witness: ${cell(formatWitness(f.witness, 60, 160))}` : ""} | \`${whereOf(f)}\` | ${cell(touchOf(f))} |`);
    }
    lines.push("");
  }
  if (report.refusals.length > 0) {
    lines.push("## Recorded exchanges the candidate refuses", "");
    for (const r of report.refusals) lines.push(`- **${r.team}** (${r.blocking ? "blocks" : "warns"}), ${cell(r.operation)}, \`${r.exchange}\`: ${cell(r.reasons.join("; "))}`);
    lines.push("");
  }
  for (const problem of report.waiverProblems) lines.push(`- waiver: ${problem}`);
  lines.push(changelogSection(report.findings));
  return lines.join("\n");
}
