// What parity prints and writes: a table per operation (exchanges, those that differ, by kind), the
// differences beyond the allow-list, the JSON report and a JUnit file with one case per operation.
import { reportFiles, writeJson } from "../report-files.js";
import { writeJunit } from "../reports/junit.js";
import { type AllowRule, allowedBy } from "./allow-list.js";
import { describeDifference, type ParityDifference } from "./differences.js";
import type { ParityResult } from "./replay.js";

export interface JudgedParity extends ParityResult {
  /** Differences no rule allows: these fail the run. */
  unexpected: ParityDifference[];
  allowed: Array<ParityDifference & { reason: string }>;
}

export function judgeParity(result: ParityResult, rules: readonly AllowRule[]): JudgedParity {
  const unexpected: ParityDifference[] = [];
  const allowed: JudgedParity["allowed"] = [];
  for (const difference of result.differences) {
    const rule = allowedBy(rules, difference);
    if (rule) allowed.push({ ...difference, reason: rule.reason });
    else unexpected.push(difference);
  }
  return { ...result, unexpected, allowed };
}

const KIND_COLUMNS: Array<[string, Array<ParityDifference["kind"]>]> = [
  ["status", ["status"]],
  ["fields", ["missing-field", "extra-field", "type"]],
  ["task states", ["task-state"]],
];

/** One row per operation: exchanges, differing exchanges, unexpected differences by kind, allowed ones. */
export function parityTable(judged: JudgedParity): string {
  const header = ["operation", "exchanges", "differing", ...KIND_COLUMNS.map(([name]) => name), "allowed"];
  const rows = judged.operations.map((op) => {
    const mine = (list: ParityDifference[]) => list.filter((d) => d.operationId === op.operationId);
    return [
      op.operationId,
      String(op.exchanges),
      String(op.differing),
      ...KIND_COLUMNS.map(([, kinds]) =>
        String(mine(judged.unexpected).filter((d) => kinds.includes(d.kind)).length),
      ),
      String(mine(judged.allowed).length),
    ];
  });
  const widths = header.map((h, n) => Math.max(h.length, ...rows.map((r) => (r[n] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, n) => (n === 0 ? c.padEnd(widths[n] ?? 0) : c.padStart(widths[n] ?? 0))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

export function writeParityReports(
  dir: string,
  target: string,
  judged: JudgedParity,
): { summary: string; junit: string } {
  const files = reportFiles(dir, "parity", target);
  writeJson(files.summary, {
    target,
    exchanges: judged.exchanges,
    idsMapped: judged.idsMapped,
    operations: judged.operations,
    differences: judged.unexpected,
    allowed: judged.allowed,
    notComparable: judged.notComparable,
  });
  writeJunit(
    files.junit,
    "parity",
    judged.operations.map((op) => {
      const mine = judged.unexpected.filter((d) => d.operationId === op.operationId);
      return {
        suite: "parity",
        name: op.operationId,
        ...(mine.length > 0 ? { failure: { message: mine.map(describeDifference).join("\n") } } : {}),
      };
    }),
  );
  return { summary: files.summary, junit: files.junit };
}
