// `--reporter gitlab`: a GitLab code quality report (the JSON array `artifacts:reports:codequality`
// reads), one issue per failed test and failed coverage gate. GitLab reads the JUnit file as it is
// (`artifacts:reports:junit`).
import { createHash } from "node:crypto";
import { reportedPath } from "../cli-hint.js";
import { describeGate, type GateResult } from "../coverage-report/gates.js";
import type { TestRecord } from "../summary.js";
import { failureMessage } from "./junit.js";

export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: "major" | "critical";
  location: { path: string; lines: { begin: number } };
}

const fingerprint = (...parts: string[]) => createHash("md5").update(parts.join("\0")).digest("hex");

export function gitlabCodeQuality(
  tests: readonly TestRecord[],
  gates: readonly GateResult[],
  cwd: string,
  configFile: string,
): CodeQualityIssue[] {
  const issues: CodeQualityIssue[] = tests
    .filter((test) => test.state === "failed")
    .map((test) => {
      const path = test.file;
      return {
        description: `${test.name}: ${failureMessage(test)}`,
        check_name: "contract",
        fingerprint: fingerprint(path, test.name),
        severity: "critical",
        location: { path, lines: { begin: 1 } },
      };
    });
  for (const gate of gates.filter((g) => !g.passed)) {
    issues.push({
      description: describeGate(gate),
      check_name: `coverage-${gate.gate}`,
      fingerprint: fingerprint("coverage", gate.gate),
      severity: "major",
      location: { path: reportedPath(configFile, cwd), lines: { begin: 1 } },
    });
  }
  return issues;
}
