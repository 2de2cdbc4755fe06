// `contract-tests replay DIR…`: judges recorded exchanges against the current spec; prints each
// violation (operation, JSON pointer, value), the totals and the coverage line; exit 1 on a violation.
import { writeFileSync } from "node:fs";
import type { ReplayCommand } from "../cli.js";
import { createCoverageModel } from "../coverage-report/model.js";
import { belowThreshold, coverageLine, coverageReport } from "../coverage-report/report.js";
import { ensureDir } from "../record/har.js";
import { replayRecordings } from "../replay/replay.js";
import { reportFiles } from "../report-files.js";
import { judgeFor } from "./record.js";

export function runReplay(command: ReplayCommand, out: NodeJS.WritableStream): number {
  const judge = judgeFor(command.spec);
  const coverage = createCoverageModel(judge);
  const result = replayRecordings(command.dirs, judge, coverage);
  for (const problem of result.problems) out.write(`${problem.where}\n${problem.text}\n`);
  out.write(
    `replayed ${result.exchanges} exchanges from ${result.files} HAR files: ${result.problems.length} broke the contract, ${result.unknownRoutes} not in the spec\n`,
  );
  const report = coverageReport(coverage.documented, result.hits);
  const file = reportFiles(command.reportsDir, "replay", "recorded").coverage;
  ensureDir(command.reportsDir);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  out.write(`${coverageLine(report)} — ${file}\n`);
  const below = belowThreshold(report, command.minCoverage);
  if (below) out.write(`contract-tests: ${below}\n`);
  return result.problems.length > 0 || result.files === 0 || below ? 1 : 0;
}
