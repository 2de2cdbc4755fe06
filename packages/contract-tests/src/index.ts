// The library side of the contract suite, for those who build their own runs on it.
export { type CliCommand, type CliPlan, main, parseCli, usage, vitestCommand } from "./cli.js";
export { buildContext, type ContractContext, type SandboxFixtures, type TargetFixtures } from "./context.js";
export { type CoverageReport, coverageLine, mergeCoverage } from "./coverage-report/report.js";
export { createJudge, type Judge } from "./judge.js";
export { type RecordProxy, type RecordSummary, startRecordProxy } from "./record/proxy.js";
export { type ReplayResult, replayRecordings } from "./replay/replay.js";
export { ContractJsonReporter, type ContractJsonReporterOptions, toTestRecord } from "./reporter.js";
export { mergeReportDirs } from "./shard/merge.js";
export {
  type ContractMeta,
  type ContractSummary,
  type OperationSummary,
  type RecordedViolation,
  summarize,
  type TestRecord,
} from "./summary.js";
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
} from "./targets.js";
export {
  assertResponse,
  type CheckOptions,
  ContractViolationError,
  createResponseValidator,
  describeReport,
  listOperations,
  type ObservedResponse,
  type OperationInfo,
  type ResponseReport,
  type ResponseValidator,
  type ResponseViolation,
} from "./validate.js";
