// `contract-tests merge DIR…`: the shards' reports as one run's; exit 1 when a test failed or the
// merged coverage is below --min-coverage.
import type { MergeCommand } from "../cli.js";
import { belowThreshold, coverageLine } from "../coverage-report/report.js";
import { mergeReportDirs } from "../shard/merge.js";

export function runMerge(command: MergeCommand, out: NodeJS.WritableStream): number {
  const merged = mergeReportDirs(command.dirs, command.reportsDir);
  const { totals } = merged.summary;
  out.write(
    `merged ${command.dirs.length} report directories: ${totals.tests} tests, ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped → ${merged.files.summary}, ${merged.files.junit}\n`,
  );
  out.write(`${coverageLine(merged.coverage)} — ${merged.files.coverage}\n`);
  const below = belowThreshold(merged.coverage, command.minCoverage);
  if (below) out.write(`contract-tests: ${below}\n`);
  return totals.failed > 0 || below ? 1 : 0;
}
