// A vitest reporter that writes the JSON summary of a contract run (see summary.ts) to a file.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { SerializedError } from "vitest";
import type { Reporter, TestCase, TestModule, Vitest } from "vitest/node";
import type { CoverageKind } from "./coverage-report/model.js";
import { type CoverageReport, coverageLine, coverageReport } from "./coverage-report/report.js";
import { type ContractSummary, summarize, type TestRecord } from "./summary.js";
import type { OperationInfo } from "./validate.js";

export interface ContractJsonReporterOptions {
  /** prism, sandbox, real or url. */
  target: string;
  /** Where to write the summary. */
  outputFile: string;
  /** The operations of the spec; each appears in the summary even without tests. */
  operations: readonly OperationInfo[];
  /** Where the coverage report goes, and the items the spec documents. */
  coverage?: { outputFile: string; documented: Record<CoverageKind, readonly string[]> };
}

function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n").find((line) => line.trim() !== "") ?? "";
}

/** Turns vitest's view of a finished test into a TestRecord. */
export function toTestRecord(test: TestCase): TestRecord {
  const result = test.result();
  const state = result.state === "pending" ? "skipped" : result.state;
  const record: TestRecord = {
    name: test.fullName,
    file: test.module.moduleId,
    state,
    errors: (result.errors ?? []).map((e) => firstLine(e.message)),
  };
  if (result.state === "skipped" && result.note) record.note = result.note;
  const meta = test.meta().contract;
  if (meta) record.meta = meta;
  return record;
}

export class ContractJsonReporter implements Reporter {
  private vitest: Vitest | undefined;
  /** The last summary written, for whoever runs vitest programmatically. */
  summary: ContractSummary | undefined;
  /** The last coverage report written. */
  coverage: CoverageReport | undefined;

  constructor(private readonly options: ContractJsonReporterOptions) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const tests: TestRecord[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) tests.push(toTestRecord(test));
    }
    const baseUrl = this.vitest?.getRootProject().getProvidedContext().contract?.baseUrl;
    this.summary = summarize({
      target: this.options.target,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      operations: this.options.operations,
      tests,
      unhandledErrors: unhandledErrors.map((e) => firstLine(e.message)),
    });
    mkdirSync(dirname(this.options.outputFile), { recursive: true });
    writeFileSync(this.options.outputFile, `${JSON.stringify(this.summary, null, 2)}\n`);
    this.vitest?.logger.log(`contract summary written to ${this.options.outputFile}`);
    if (this.options.coverage) {
      const { outputFile, documented } = this.options.coverage;
      this.coverage = coverageReport(
        documented,
        tests.flatMap((test) => test.meta?.coverage ?? []),
      );
      writeFileSync(outputFile, `${JSON.stringify(this.coverage, null, 2)}\n`);
      this.vitest?.logger.log(`${coverageLine(this.coverage)} — ${outputFile}`);
    }
  }
}
