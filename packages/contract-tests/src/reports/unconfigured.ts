// The reports of a run that was skipped on purpose (--allow-unconfigured): a summary whose status says
// "skipped: not configured" with the missing variables, and a JUnit file with one skipped case saying so.
import { mkdirSync } from "node:fs";
import { loadDocument } from "@cloud-contract/spec/document";
import { type ReportFiles, reportFiles } from "../report-files.js";
import { summarize } from "../summary.js";
import { renderJunit } from "./junit.js";
import { writeRunReports } from "./run-reports.js";

export function writeUnconfiguredReports(
  reportsDir: string,
  runName: string,
  target: string,
  missing: readonly string[],
  now = new Date(),
): ReportFiles {
  const files = reportFiles(reportsDir, runName, target);
  const reason = `skipped: not configured (missing ${missing.join(", ")})`;
  mkdirSync(reportsDir, { recursive: true });
  const summary = {
    status: "skipped: not configured" as const,
    missing: [...missing],
    ...summarize({ target, operations: loadDocument().operations, tests: [], now }),
  };
  writeRunReports(files, {
    summary,
    junit: renderJunit(`${runName}-${target}`, [
      { suite: "configuration", name: `${target} target`, skipped: reason },
    ]),
  });
  return files;
}
