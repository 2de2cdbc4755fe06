// The library side of the contract suite, for those who build their own runs on it.

export { parseBody } from "./body.js";
export { type CliPlan, main, parseCli, usage, vitestCommand } from "./cli.js";
export { CannotRun, type CliIo, type CommandModule, type CommandRun } from "./commands/command.js";
export {
  buildContext,
  type ContractContext,
  type SandboxFixtures,
  sandboxVariables,
  type TargetFixtures,
} from "./context.js";
export { type CoverageGates, checkGates, type GateResult, parseGates } from "./coverage-report/gates.js";
export { type CoverageReport, coverageLines } from "./coverage-report/report.js";
export {
  ContractViolationError,
  createJudge,
  describeVerdict,
  isPrismProblem,
  type Judge,
  operationLabel,
} from "./judge.js";
export { type KeptCase, keptCaseFailure } from "./kept/kept-case.js";
export { type KeptTarget, keptTarget } from "./kept/kept-target.js";
export { resendKept } from "./kept/resend-kept.js";
export { type RecordProxy, type RecordSummary, startRecordProxy } from "./record/proxy.js";
export { harFiles, type ReplayResult, readHar, replayRecordings } from "./replay/replay.js";
export { ContractReporter, type ContractReporterOptions, toTestRecord } from "./reporter.js";
export { junitXml } from "./reports/junit.js";
export type { RunRecords } from "./reports/records.js";
export { type ReportOptions, type WrittenReports, writeReports } from "./reports/write-reports.js";
export { type RunConfig, type RunFlags, resolveRun } from "./run-config/run-config.js";
export {
  type ContractIds,
  ID_VARIABLES,
  OPTIONAL_VARIABLES,
  REAL_REQUIRED_VARIABLES,
  type ReadyTarget,
  resolveTarget,
  type SkippedTarget,
  TARGET_NAMES,
  type TargetName,
  type TargetPlan,
} from "./run-config/target.js";
export { mergeReportDirs } from "./shard/merge.js";
export {
  type ContractMeta,
  type ContractSummary,
  type OperationSummary,
  type RecordedViolation,
  summarize,
  type TestRecord,
  type Verdict,
} from "./summary.js";
