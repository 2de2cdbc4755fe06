// The reports of a run that was skipped on purpose (--allow-unconfigured): a summary whose status says
// "skipped: not configured" with the missing variables, and a JUnit file with one skipped case saying so.
import { mkdirSync } from "node:fs";
import { type ReportFiles, reportFiles, writeJson } from "../report-files.js";
import { writeJunit } from "./junit.js";

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
    status: "skipped: not configured",
    missing,
    target,
    generatedAt: now.toISOString(),
    totals: { tests: 0, passed: 0, failed: 0, skipped: 0, violations: 0 },
    operations: [],
    unassigned: { passed: 0, failed: 0, skipped: 0 },
    unhandledErrors: [],
  };
  writeJson(files.summary, summary);
  writeJunit(files.junit, `${runName}-${target}`, [
    { suite: "configuration", name: `${target} target`, skipped: reason },
  ]);
  return files;
}
