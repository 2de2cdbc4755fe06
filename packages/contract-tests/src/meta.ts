// Records, in the running test's vitest meta, which operations it called and what broke, so the
// JSON reporter can summarise per operation. Meta travels from the worker to the reporter as JSON.
import { TestRunner } from "vitest";
import type { ContractMeta } from "./summary.js";
import { preview, type ResponseReport } from "./validate.js";

declare module "vitest" {
  interface TaskMeta {
    contract?: ContractMeta;
  }
}

function currentMeta(): ContractMeta | undefined {
  const test = TestRunner.getCurrentTest();
  if (!test) return undefined;
  test.meta.contract ??= { operations: [], violations: [], prismProblems: [] };
  return test.meta.contract;
}

/** Notes that the running test called the operation (outside a test, e.g. in hooks, this does nothing). */
export function recordOperation(operationId: string): void {
  const meta = currentMeta();
  if (meta && !meta.operations.includes(operationId)) meta.operations.push(operationId);
}

/** Notes a checked response: its operation, its violations, and whether Prism answered for itself. */
export function recordReport(report: ResponseReport): void {
  const { operationId, method, path } = report.operation;
  recordOperation(operationId);
  const meta = currentMeta();
  if (!meta) return;
  if (report.prismProblem) meta.prismProblems.push(operationId);
  for (const v of report.violations) {
    meta.violations.push({
      operationId,
      method,
      path,
      status: report.status,
      kind: v.kind,
      pointer: v.pointer,
      message: v.message,
      value: preview(v.value),
    });
  }
}

/** Notes the coverage items a response of the running test exercised. */
export function recordCoverage(hits: readonly string[]): void {
  const meta = currentMeta();
  if (!meta) return;
  const seen = new Set(meta.coverage ?? []);
  for (const hit of hits) seen.add(hit);
  meta.coverage = [...seen];
}
