// The one writer of a run's reports (the suite through vitest, replay, merged shards, stateful, parity, a
// run skipped as unconfigured): the JSON summary, the coverage report when the run measured one, the JUnit
// XML and, when asked, GitLab code quality, each in the run's file.
import { writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { CoverageReport } from "../coverage-report/report.js";
import { ensureDir } from "../record/har.js";
import { type ReportFiles, writeJson } from "../report-files.js";
import type { ContractSummary } from "../summary.js";

export interface RunReports {
  summary: ContractSummary;
  /** Absent when the command measures no coverage (parity, a skipped run). */
  coverage?: CoverageReport;
  /** The JUnit XML, already rendered (merge joins the shards' own files). */
  junit: string;
  /** GitLab code quality findings (--reporter gitlab). */
  codeQuality?: unknown;
}

export function writeRunReports(files: ReportFiles, reports: RunReports): void {
  writeJson(files.summary, reports.summary);
  if (reports.coverage !== undefined) writeJson(files.coverage, reports.coverage);
  ensureDir(dirname(files.junit));
  writeFileSync(files.junit, reports.junit);
  if (reports.codeQuality !== undefined) writeJson(files.codeQuality, reports.codeQuality);
}
