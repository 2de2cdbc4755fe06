// Records, in the running test's vitest meta, which operations it called and what broke, so the
// JSON reporter can summarise per operation. Meta travels from the worker to the reporter as JSON.

import type { Operation, ResponseVerdict } from "@cloud-contract/spec/document";
import { TestRunner } from "vitest";
import { type ContractMeta, recordedViolations } from "./summary.js";

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

/**
 * Notes a checked response: its operation and its violations, or that Prism answered for itself (an
 * excused answer: its violations are not the target's).
 */
export function recordVerdict(verdict: ResponseVerdict, operation: Operation, prismProblem: boolean): void {
  const { operationId } = operation;
  recordOperation(operationId);
  const meta = currentMeta();
  if (!meta) return;
  if (prismProblem) {
    meta.prismProblems.push(operationId);
    return;
  }
  meta.violations.push(...recordedViolations(verdict, operation));
}

/** Notes the coverage items a response of the running test exercised. */
export function recordCoverage(hits: readonly string[]): void {
  const meta = currentMeta();
  if (!meta) return;
  const seen = new Set(meta.coverage ?? []);
  for (const hit of hits) seen.add(hit);
  meta.coverage = [...seen];
}

/** Notes how many generated requests the running test sent to an operation. */
export function recordRequestsSent(operationId: string, sent: number): void {
  const meta = currentMeta();
  if (!meta) return;
  meta.requestsSent = { ...meta.requestsSent, [operationId]: (meta.requestsSent?.[operationId] ?? 0) + sent };
}
