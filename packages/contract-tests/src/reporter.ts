// The vitest reporter of a contract run: turns vitest's finished tests into the run's records and hands
// them to the one report writer (reports/write-reports.ts), then prints the run's closing lines. The result
// stays on the reporter, where the bin that started vitest reads it.
import type { SerializedError } from "vitest";
import type { Reporter, TestCase, TestModule, Vitest } from "vitest/node";
import { reportedPath } from "./cli-hint.js";
import type { CoverageKind } from "./coverage-report/model.js";
import type { RunRecords } from "./reports/records.js";
import { type WrittenReports, writeReports } from "./reports/write-reports.js";
import type { RunConfig } from "./run-config/run-config.js";
import { runMetaOf, type TestRecord } from "./summary.js";

export interface ContractReporterOptions {
  config: RunConfig;
  /** The operations of the spec; each appears in the summary even without tests. */
  operations: RunRecords["operations"];
  /** The items the spec documents, per coverage kind. */
  documented: Record<CoverageKind, readonly string[]>;
}

function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n").find((line) => line.trim() !== "") ?? "";
}

/** Turns vitest's view of a finished test into a TestRecord, its file as reports name it from `cwd` when given. */
export function toTestRecord(test: TestCase, cwd?: string): TestRecord {
  const result = test.result();
  const state = result.state === "pending" ? "skipped" : result.state;
  const errors = result.errors ?? [];
  const record: TestRecord = {
    name: test.fullName,
    file: cwd === undefined ? test.module.moduleId : reportedPath(test.module.moduleId, cwd),
    state,
    errors: errors.map((e) => firstLine(e.message)),
    details: errors.map((e) => e.message ?? ""),
  };
  const duration = test.diagnostic()?.duration;
  if (duration !== undefined) record.durationMs = duration;
  if (result.state === "skipped" && result.note) record.note = result.note;
  const meta = test.meta().contract;
  if (meta) record.meta = meta;
  return record;
}

export class ContractReporter implements Reporter {
  private vitest: Vitest | undefined;
  /** The reports of the last run (its summary, coverage and closing lines). */
  result: WrittenReports | undefined;

  constructor(private readonly options: ContractReporterOptions) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const { config, operations, documented } = this.options;
    const tests = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => toTestRecord(test, config.cwd)),
    );
    const context = this.vitest?.getRootProject().getProvidedContext().contract;
    // The URL of a server the run started is gone with it; an outside target's is part of the run's identity.
    const baseUrl = context?.server === "external" ? context.baseUrl : undefined;
    this.result = writeReports(
      {
        run: runMetaOf(config, baseUrl),
        operations,
        tests,
        unhandledErrors: unhandledErrors.map((e) => firstLine(e.message)),
        coverage: {
          documented,
          hits: [...new Set(tests.flatMap((test) => test.meta?.coverage ?? []))].sort(),
        },
      },
      { files: config.files, gates: config.gates, reporters: config.reporters, cwd: config.cwd },
    );
    const sent = this.result.summary.operations.filter((op) => op.requestsSent !== undefined);
    if (sent.length > 0) {
      const total = sent.reduce((sum, op) => sum + (op.requestsSent ?? 0), 0);
      this.vitest?.logger.log(
        `generated requests sent: ${total} (${sent.map((op) => `${op.operationId} ${op.requestsSent}`).join(", ")})`,
      );
    }
    for (const line of this.result.lines) this.vitest?.logger.log(line);
  }
}
