// What a run produced, for every command (the suite, replay, merge, stateful, parity, a skipped run): per
// operation, the tests or checks that passed, failed and were skipped (with reasons), the schema violations
// found, the gates, the verdict, and what the command adds. Pure functions; reports/write-reports.ts writes it.

import type { Operation, ResponseVerdict } from "@cloud-contract/spec/document";
import type { GateResult } from "./coverage-report/gates.js";
import { preview } from "./judge.js";
import type { Shard } from "./report-files.js";

/** Which run a report belongs to: merge compares these before it adds shards up. */
export interface RunMeta {
  /** `contract` or `generated`. */
  name: string;
  target: string;
  baseUrl?: string;
  /** Shared by the shards of one CI run; absent when neither --run-id nor a CI run id was known. */
  id?: string;
  /** sha256 of the spec the run judged with (first 16 hex digits). */
  specHash: string;
  shard?: Shard;
}

/** One broken response, as a test recorded it (values already cut to a short preview). */
export interface RecordedViolation {
  operationId: string;
  method: string;
  path: string;
  status: number;
  kind: "status" | "content-type" | "body";
  pointer: string;
  message: string;
  value: string;
}

/** The violations of a verdict as reports keep them: where, what, and the value cut to a short preview. */
export function recordedViolations(
  verdict: ResponseVerdict,
  operation: Pick<Operation, "operationId" | "method" | "path">,
): RecordedViolation[] {
  const { operationId, method, path } = operation;
  return verdict.violations.map((v) => ({
    operationId,
    method,
    path,
    status: verdict.status,
    kind: v.kind,
    pointer: v.pointer,
    message: v.message,
    value: preview(v.value),
  }));
}

/** What a test stores in its vitest meta while it runs. */
export interface ContractMeta {
  operations: string[];
  violations: RecordedViolation[];
  /** One operationId per Prism problem+json answer that was accepted as a mock limitation. */
  prismProblems: string[];
  /** Coverage items the test's requests exercised (see coverage-report/model.ts). */
  coverage?: string[];
  /** Generated requests sent, per operation. */
  requestsSent?: Record<string, number>;
}

export type TestState = "passed" | "failed" | "skipped";

/** One finished test, as the reporter sees it. */
export interface TestRecord {
  /** Suite names and test name joined by " > ". */
  name: string;
  file: string;
  state: TestState;
  /** Skip reason, when one was given. */
  note?: string;
  /** First line of each error of a failed test. */
  errors: string[];
  /** Each error of a failed test in full, without its stack. */
  details?: string[];
  durationMs?: number;
  meta?: ContractMeta;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface OperationSummary extends Counts {
  operationId: string;
  method: string;
  path: string;
  violations: Array<RecordedViolation & { test: string }>;
  failures: Array<{ test: string; error: string }>;
  skips: Array<{ test: string; reason: string }>;
  prismProblems: number;
  /** Generated requests sent to the operation (generate, --generated). */
  requestsSent?: number;
}

/** The run's verdict in one word, with the reason when it did not pass. */
export interface Verdict {
  status: "passed" | "failed" | "skipped";
  reason?: string;
}

export interface ContractSummary {
  verdict: Verdict;
  /** The variables a run skipped as not configured was missing (--allow-unconfigured). */
  missing?: string[];
  run?: RunMeta;
  /** The coverage gates of --min-coverage; a failed one fails the run. */
  gates?: GateResult[];
  target: string;
  baseUrl?: string;
  generatedAt: string;
  totals: Counts & { tests: number; violations: number };
  operations: OperationSummary[];
  /** Tests tied to no operation (for example checks of the suite's own helpers). */
  unassigned: Counts;
  unhandledErrors: string[];
  /** What the command adds to its checks (stateful: seed, links followed, the case file; parity: differences). */
  details?: Record<string, unknown>;
}

export interface SummaryInput {
  run?: RunMeta;
  /** Why no test ran on purpose (a target not configured); the verdict is then `skipped`. */
  skipped?: { reason: string; missing?: readonly string[] };
  gates?: readonly GateResult[];
  target: string;
  baseUrl?: string;
  operations: ReadonlyArray<{ operationId: string; method: string; path: string }>;
  tests: readonly TestRecord[];
  unhandledErrors?: readonly string[];
  now?: Date;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The operations a test is about: those it called (meta) and those its name mentions
 * (suite names start with the operationId, so skipped tests that never ran are counted too).
 */
export function operationsOf(test: TestRecord, known: readonly string[]): string[] {
  const found = new Set(test.meta?.operations ?? []);
  for (const id of known) {
    if (new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(id)}($|[^A-Za-z0-9_])`).test(test.name)) found.add(id);
  }
  return known.filter((id) => found.has(id));
}

/** What the reports of a run say about the run. */
export function runMetaOf(
  config: {
    runName: string;
    runId?: string;
    target: { target: string };
    specHash: string;
    shard?: Shard;
  },
  baseUrl?: string,
): RunMeta {
  return {
    name: config.runName,
    target: config.target.target,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(config.runId === undefined ? {} : { id: config.runId }),
    specHash: config.specHash,
    ...(config.shard ? { shard: config.shard } : {}),
  };
}

const noCounts = (): Counts => ({ passed: 0, failed: 0, skipped: 0 });

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Passed when no test failed, no error escaped a test and every gate held; skipped when nothing ran on purpose. */
export function verdictOf(
  totals: ContractSummary["totals"],
  unhandledErrors: readonly string[],
  gates: readonly GateResult[],
  skipped?: string,
): Verdict {
  if (skipped !== undefined) return { status: "skipped", reason: skipped };
  const reasons: string[] = [];
  if (totals.failed > 0) reasons.push(`${plural(totals.failed, "test")} of ${totals.tests} failed`);
  if (unhandledErrors.length > 0)
    reasons.push(`${plural(unhandledErrors.length, "error")} outside the tests`);
  const failedGates = gates.filter((gate) => !gate.passed).map((gate) => gate.gate);
  if (failedGates.length > 0)
    reasons.push(
      `coverage ${failedGates.length === 1 ? "gate" : "gates"} ${failedGates.join(", ")} not reached`,
    );
  if (reasons.length > 0) return { status: "failed", reason: reasons.join("; ") };
  if (totals.tests === 0) return { status: "skipped", reason: "no test ran" };
  if (totals.passed === 0) return { status: "skipped", reason: `all ${totals.skipped} tests were skipped` };
  return { status: "passed" };
}

export function summarize(input: SummaryInput): ContractSummary {
  const byId = new Map<string, OperationSummary>();
  for (const op of input.operations) {
    byId.set(op.operationId, {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      ...noCounts(),
      violations: [],
      failures: [],
      skips: [],
      prismProblems: 0,
    });
  }
  const known = [...byId.keys()];
  const totals = { tests: 0, violations: 0, ...noCounts() };
  const unassigned = noCounts();

  for (const test of input.tests) {
    totals.tests++;
    totals[test.state]++;
    const violations = test.meta?.violations ?? [];
    totals.violations += violations.length;
    const ids = operationsOf(test, known);
    if (ids.length === 0) unassigned[test.state]++;
    for (const id of ids) {
      const summary = byId.get(id);
      if (!summary) continue;
      summary[test.state]++;
      if (test.state === "failed")
        summary.failures.push({ test: test.name, error: test.errors[0] ?? "failed" });
      if (test.state === "skipped")
        summary.skips.push({ test: test.name, reason: test.note ?? "no reason given" });
    }
    // A violation belongs to the operation that answered, whatever else the test touched.
    for (const violation of violations) {
      byId.get(violation.operationId)?.violations.push({ ...violation, test: test.name });
    }
    for (const [id, sent] of Object.entries(test.meta?.requestsSent ?? {})) {
      const summary = byId.get(id);
      if (summary) summary.requestsSent = (summary.requestsSent ?? 0) + sent;
    }
    for (const id of test.meta?.prismProblems ?? []) {
      const summary = byId.get(id);
      if (summary) summary.prismProblems++;
    }
  }

  const unhandledErrors = [...(input.unhandledErrors ?? [])];
  return {
    verdict: verdictOf(totals, unhandledErrors, input.gates ?? [], input.skipped?.reason),
    ...(input.skipped?.missing === undefined ? {} : { missing: [...input.skipped.missing] }),
    ...(input.run === undefined ? {} : { run: input.run }),
    ...(input.gates === undefined ? {} : { gates: [...input.gates] }),
    target: input.target,
    ...(input.baseUrl === undefined ? {} : { baseUrl: input.baseUrl }),
    generatedAt: (input.now ?? new Date()).toISOString(),
    totals,
    operations: [...byId.values()],
    unassigned,
    unhandledErrors,
  };
}
