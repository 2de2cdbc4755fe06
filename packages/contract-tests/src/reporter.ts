// The vitest reporter of a contract run: writes the JSON summary, the coverage report, the JUnit XML
// (reports/junit.ts) and, when asked, GitHub annotations (printed) and a GitLab code quality file.
// Coverage gates are checked here, so a failed gate is in every report.
import type { Operation } from "@cloud-contract/spec/document";
import type { SerializedError } from "vitest";
import type { Reporter, TestCase, TestModule, Vitest } from "vitest/node";
import { checkGates, describeGate } from "./coverage-report/gates.js";
import type { CoverageKind } from "./coverage-report/model.js";
import { type CoverageReport, coverageLine, coverageReport, SUITE_AIMS } from "./coverage-report/report.js";
import { githubAnnotations } from "./reports/github.js";
import { gitlabCodeQuality } from "./reports/gitlab.js";
import { junitXml } from "./reports/junit.js";
import { writeRunReports } from "./reports/run-reports.js";
import { handBack, type RunConfig } from "./run-config/run-config.js";
import { type ContractSummary, runMetaOf, summarize, type TestRecord } from "./summary.js";

export interface ContractReporterOptions {
  config: RunConfig;
  /** The operations of the spec; each appears in the summary even without tests. */
  operations: readonly Operation[];
  /** The items the spec documents, per coverage kind. */
  documented: Record<CoverageKind, readonly string[]>;
}

function firstLine(text: string | undefined): string {
  return (text ?? "").split("\n").find((line) => line.trim() !== "") ?? "";
}

/** Turns vitest's view of a finished test into a TestRecord. */
export function toTestRecord(test: TestCase): TestRecord {
  const result = test.result();
  const state = result.state === "pending" ? "skipped" : result.state;
  const errors = result.errors ?? [];
  const record: TestRecord = {
    name: test.fullName,
    file: test.module.moduleId,
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
  /** The last summary written, for whoever runs vitest programmatically. */
  summary: ContractSummary | undefined;
  /** The last coverage report written. */
  coverage: CoverageReport | undefined;

  constructor(private readonly options: ContractReporterOptions) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const { config, operations, documented } = this.options;
    const { files } = config;
    const log = (text: string) => this.vitest?.logger.log(text);
    const tests: TestRecord[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) tests.push(toTestRecord(test));
    }
    this.coverage = coverageReport(
      documented,
      tests.flatMap((test) => test.meta?.coverage ?? []),
    );
    const gates = checkGates(this.coverage, config.gates);
    const baseUrl = this.vitest?.getRootProject().getProvidedContext().contract?.baseUrl;
    this.summary = summarize({
      run: runMetaOf(config, baseUrl),
      gates,
      target: config.target.target,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      operations,
      tests,
      unhandledErrors: unhandledErrors.map((e) => firstLine(e.message)),
    });
    const operationIds = operations.map((op) => op.operationId);
    const name = `${config.runName}-${config.target.target}`;
    writeRunReports(files, {
      summary: this.summary,
      coverage: this.coverage,
      junit: junitXml({ name, tests, operationIds, gates, cwd: config.cwd }),
      ...(config.reporters.includes("gitlab")
        ? { codeQuality: gitlabCodeQuality(tests, gates, config.cwd, files.summary) }
        : {}),
    });
    handBack(config, this.summary);
    log(`contract reports: ${files.summary}, ${files.junit}, ${files.coverage}`);
    log(coverageLine(this.coverage, config.runName === "contract" ? SUITE_AIMS : undefined));
    for (const gate of gates) log(describeGate(gate));
    const sent = this.summary.operations.filter((op) => op.requestsSent !== undefined);
    if (sent.length > 0) {
      const total = sent.reduce((sum, op) => sum + (op.requestsSent ?? 0), 0);
      log(
        `generated requests sent: ${total} (${sent.map((op) => `${op.operationId} ${op.requestsSent}`).join(", ")})`,
      );
    }
    if (config.reporters.includes("github")) {
      for (const line of githubAnnotations(tests, gates, config.cwd)) log(line);
    }
  }
}
