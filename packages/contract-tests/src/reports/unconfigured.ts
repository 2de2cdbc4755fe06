// The reports of a run that was skipped on purpose (--allow-unconfigured): a summary whose status says
// "skipped: not configured" with the missing variables, and a JUnit file with one skipped case saying so.
import { mkdirSync, writeFileSync } from "node:fs";
import { XMLBuilder } from "fast-xml-parser";
import { type ReportFiles, reportFiles, writeJson } from "../report-files.js";

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
  const xml = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    testsuites: {
      "@_name": `${runName}-${target}`,
      "@_tests": 1,
      "@_failures": 0,
      "@_errors": 0,
      "@_skipped": 1,
      testsuite: {
        "@_name": "configuration",
        "@_tests": 1,
        "@_failures": 0,
        "@_errors": 0,
        "@_skipped": 1,
        testcase: { "@_classname": "configuration", "@_name": `${target} target`, skipped: { "@_message": reason } },
      },
    },
  }) as string;
  writeFileSync(files.junit, xml);
  return files;
}
