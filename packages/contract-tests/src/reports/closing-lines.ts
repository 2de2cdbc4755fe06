// The lines every run ends with on the terminal: where its reports are, the coverage (operations and
// documented statuses reached; the other kinds apart), each gate with the figure it judged, the skips grouped by reason,
// and last the verdict in one line.
import { shownPath } from "../cli-hint.js";
import { describeGate } from "../coverage-report/gates.js";
import { type CoverageReport, coverageLines } from "../coverage-report/report.js";
import type { ReportFiles } from "../report-files.js";
import type { ContractSummary, TestRecord } from "../summary.js";

/** Skip reasons shown; the rest are counted. */
const SHOWN_REASONS = 8;

/** `skipped 14, by reason:` then `  9 × Prism limitation: …`, one line per reason, most first. */
export function skipLines(tests: readonly TestRecord[]): string[] {
  const byReason = new Map<string, number>();
  for (const test of tests.filter((t) => t.state === "skipped")) {
    const reason = test.note ?? "no reason given";
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  }
  const skipped = [...byReason.values()].reduce((sum, n) => sum + n, 0);
  if (skipped === 0) return [];
  const groups = [...byReason].sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  const shown = groups.slice(0, SHOWN_REASONS).map(([reason, count]) => `  ${count} × ${reason}`);
  const rest = groups.length - shown.length;
  return [
    `skipped ${skipped}, by reason:`,
    ...shown,
    ...(rest > 0 ? [`  and ${rest} more reasons (each skip is in the JUnit file)`] : []),
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
  tests: readonly TestRecord[],
  coverage: CoverageReport | undefined,
  files: ReportFiles,
  cwd: string,
): string[] {
  const written = [files.summary, files.junit, ...(coverage === undefined ? [] : [files.coverage])].map((file) =>
    shownPath(file, cwd),
  );
  return [
    `reports: ${written.join(", ")}`,
    ...(coverage === undefined ? [] : coverageLines(coverage)),
    ...(summary.gates ?? []).map((gate) => describeGate(gate)),
    ...skipLines(tests),
    verdictLine(summary),
  ];
}
