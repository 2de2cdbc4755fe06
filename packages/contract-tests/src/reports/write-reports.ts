// The one writer of a run's reports, whatever the command: from the engine's records it makes the JSON
// summary (with the verdict), the coverage report, the JUnit XML, GitLab code quality and GitHub
// annotations when asked, a shard's records for `merge`, and the lines a run ends with on the terminal.
import { checkGates, type CoverageGates } from "../coverage-report/gates.js";
import { type CoverageReport, coverageReport } from "../coverage-report/report.js";
import { type ReportFiles, writeJson, writeText } from "../report-files.js";
import type { CiReporter } from "../run-config/run-config.js";
import { type ContractSummary, summarize } from "../summary.js";
import { githubAnnotations } from "./github.js";
import { gitlabCodeQuality } from "./gitlab.js";
import { junitXml } from "./junit.js";
import { inFileOrder, type RunRecords } from "./records.js";
import { closingLines } from "./closing-lines.js";

export interface ReportOptions {
  files: ReportFiles;
  /** --min-coverage, checked against the run's coverage. */
  gates?: CoverageGates;
  reporters?: readonly CiReporter[];
  /** The command's working directory: printed paths are relative to it, reported ones to its repository. */
  cwd: string;
  now?: Date;
}

export interface WrittenReports {
  summary: ContractSummary;
  coverage?: CoverageReport;
  /** What the run prints last: GitHub annotations when asked, the reports, coverage, skips and the verdict. */
  lines: string[];
}

export function writeReports(records: RunRecords, options: ReportOptions): WrittenReports {
  const { files } = options;
  const now = options.now ?? new Date();
  const tests = inFileOrder(records.tests);
  const coverage =
    records.coverage && coverageReport(records.coverage.documented, records.coverage.hits, now);
  const gates = coverage === undefined ? [] : checkGates(coverage, options.gates ?? {});
  const { run } = records;
  const summary: ContractSummary = {
    ...summarize({
      run,
      ...(coverage === undefined ? {} : { gates }),
      ...(records.skipped === undefined ? {} : { skipped: records.skipped }),
      target: run.target,
      ...(run.baseUrl === undefined ? {} : { baseUrl: run.baseUrl }),
      operations: records.operations,
      tests,
      unhandledErrors: records.unhandledErrors ?? [],
      now,
    }),
    ...(records.details === undefined ? {} : { details: records.details }),
  };
  const operationIds = records.operations.map((op) => op.operationId);
  writeJson(files.summary, summary);
  if (coverage !== undefined) writeJson(files.coverage, coverage);
  writeText(
    files.junit,
    junitXml({
      name: `${run.name}-${run.target}`,
      tests,
      operationIds,
      gates,
      ...(records.skipped === undefined ? {} : { skipped: records.skipped.reason }),
    }),
  );
  const reporters = options.reporters ?? [];
  if (reporters.includes("gitlab")) {
    writeJson(files.codeQuality, gitlabCodeQuality(tests, gates, options.cwd, files.summary));
  }
  if (run.shard !== undefined) writeJson(files.records, { ...records, tests });
  const lines = [
    ...(reporters.includes("github") ? githubAnnotations(tests, gates) : []),
    ...closingLines(summary, tests, coverage, files, options.cwd),
  ];
  return { summary, ...(coverage === undefined ? {} : { coverage }), lines };
}
