// What parity prints and writes: a table per operation (exchanges, those that differ, by kind), the
// differences beyond the allow-list, and the run's records for the report writer: one check per operation
// (failed on a difference beyond the allow-list), the differences as the summary's details.
import { loadDocument } from "@cloud-contract/spec/document";
import type { RunRecords } from "../reports/records.js";
import { specHash } from "../run-config/run-config.js";
import type { TestRecord } from "../summary.js";
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

/** The run's records: one check per operation, failed on a difference beyond the allow-list; the differences as details. */
export function parityRecords(target: string, judged: JudgedParity): RunRecords {
  const tests: TestRecord[] = judged.operations.map((op) => {
    const mine = judged.unexpected.filter((d) => d.operationId === op.operationId);
    return {
      name: op.operationId,
      file: "",
      state: mine.length > 0 ? "failed" : "passed",
      errors: mine.map(describeDifference),
    };
  });
  return {
    run: { name: "parity", target, specHash: specHash() },
    operations: loadDocument().operations,
    tests,
    details: {
      exchanges: judged.exchanges,
      idsMapped: judged.idsMapped,
      operations: judged.operations,
      differences: judged.unexpected,
      allowed: judged.allowed,
      notComparable: judged.notComparable,
    },
  };
}
