// The lines every run ends with on the terminal: where its reports are, the coverage (operations and
// documented statuses reached; the other kinds apart), each gate that failed, the skips grouped by reason,
// and last the verdict in one line.
import { describeGate } from "../coverage-report/gates.js";
import { type CoverageReport, coverageLines } from "../coverage-report/report.js";
import type { ReportFiles } from "../report-files.js";
import type { ContractSummary } from "../summary.js";

/** Skip reasons shown; the rest are counted. */
const SHOWN_REASONS = 8;

/** `skipped 14: 9 × Prism limitation: …` — one line per reason, most first. */
export function skipLines(summary: ContractSummary): string[] {
  const byReason = new Map<string, Set<string>>();
  const skips = [...summary.operations.flatMap((op) => op.skips)];
  for (const { test, reason } of skips) byReason.set(reason, (byReason.get(reason) ?? new Set()).add(test));
  if (summary.totals.skipped === 0) return [];
  const groups = [...byReason]
    .map(([reason, tests]) => ({ reason, count: tests.size }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  const shown = groups.slice(0, SHOWN_REASONS).map(({ reason, count }) => `  ${count} × ${reason}`);
  const rest = groups.length - shown.length;
  const counted = groups.reduce((sum, group) => sum + group.count, 0);
  const unassigned = summary.totals.skipped - counted;
  return [
    `skipped ${summary.totals.skipped}, by reason:`,
    ...shown,
    ...(rest > 0 ? [`  and ${rest} more reasons (the JSON report lists every skip)`] : []),
    ...(unassigned > 0 ? [`  ${unassigned} × tied to no operation (see the JSON report)`] : []),
  ];
}

/** `verdict: failed — 2 tests of 167 failed (151 passed, 2 failed, 14 skipped)`. */
export function verdictLine(summary: ContractSummary): string {
  const { verdict, totals } = summary;
  const counts = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
  return `verdict: ${verdict.status}${verdict.reason === undefined ? "" : ` — ${verdict.reason}`} (${counts})`;
}

export function closingLines(
  summary: ContractSummary,
  coverage: CoverageReport | undefined,
  files: ReportFiles,
): string[] {
  const written = [files.summary, files.junit, ...(coverage === undefined ? [] : [files.coverage])];
  return [
    `reports: ${written.join(", ")}`,
    ...(coverage === undefined ? [] : coverageLines(coverage)),
    ...(summary.gates ?? []).filter((gate) => !gate.passed).map((gate) => describeGate(gate)),
    ...skipLines(summary),
    verdictLine(summary),
  ];
}
