// The one place that builds a run's configuration: the flags of `run` and `generate`, with the CONTRACT_*
// environment variables as the fallback of each, checked once. The bin hands it to vitest in memory (the
// options of vitest's Node API, provided to the global setup and the tests); vitest started by hand with the
// suite's config resolves it from the environment (loadRunConfig).
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { loadDocument } from "@cloud-contract/spec/document";
import type { CoverageGates } from "../coverage-report/gates.js";
import { parseShard, type ReportFiles, reportFiles, type Shard } from "../report-files.js";
import { type GenerateFlags, type GenerateSettings, readGenerateSettings } from "./generate-settings.js";
import { type Env, type ReadyTarget, resolveTarget, type TargetFlags } from "./target.js";

export const CI_REPORTERS = ["github", "gitlab"] as const;
export type CiReporter = (typeof CI_REPORTERS)[number];

/** The flags of `run` and `generate` (undefined: not given). */
export interface RunFlags extends TargetFlags, GenerateFlags {
  reportsDir?: string;
  shard?: Shard;
  minCoverage?: CoverageGates;
  reporters?: CiReporter[];
  runId?: string;
}

export interface RunConfig {
  /** `contract` for the suite, `generated` for the generate command: the first part of the report names. */
  runName: "contract" | "generated";
  /** Shared by the shards of one CI run (--run-id, else the CI's run id); merge refuses other runs' shards. */
  runId?: string;
  target: ReadyTarget;
  /** The variable the key came from (for curl lines), undefined when it came from a flag or from no one. */
  apiKeyVariable?: string;
  reportsDir: string;
  files: ReportFiles;
  shard?: Shard;
  generate: GenerateSettings;
  gates: CoverageGates;
  reporters: CiReporter[];
  /** sha256 of the bundled spec the run judges with (first 16 hex digits). */
  specHash: string;
  /** The working directory of the command: report paths are written relative to it. */
  cwd: string;
}

export type RunResolution =
  | { kind: "ready"; config: RunConfig }
  | {
      kind: "unconfigured";
      target: string;
      missing: string[];
      runName: RunConfig["runName"];
      reportsDir: string;
    }
  | { kind: "invalid"; message: string };

let specHashCache: string | undefined;
export function specHash(): string {
  specHashCache ??= createHash("sha256")
    .update(JSON.stringify(loadDocument().doc))
    .digest("hex")
    .slice(0, 16);
  return specHashCache;
}

/** The CI's own id of this pipeline run, shared by its parallel jobs. */
function ciRunId(env: Env): string | undefined {
  if (env.GITHUB_RUN_ID) return `github-${env.GITHUB_RUN_ID}-${env.GITHUB_RUN_ATTEMPT ?? "1"}`;
  if (env.CI_PIPELINE_ID) return `gitlab-${env.CI_PIPELINE_ID}`;
  return undefined;
}

/** --reports-dir, else CONTRACT_REPORTS_DIR, else ./reports; relative to the caller's folder. */
export function resolveReportsDir(flag: string | undefined, env: Env, cwd: string): string {
  return resolve(cwd, flag ?? (env.CONTRACT_REPORTS_DIR?.trim() || "reports"));
}

export function resolveRun(
  flags: RunFlags,
  env: Env,
  cwd: string,
  runName: RunConfig["runName"] = "contract",
): RunResolution {
  const reportsDir = resolveReportsDir(flags.reportsDir, env, cwd);
  const target = resolveTarget(env, flags);
  if (target.kind === "invalid") return target;
  if (target.kind === "skip") {
    return { kind: "unconfigured", target: target.target, missing: target.missing, runName, reportsDir };
  }
  let generate: GenerateSettings;
  try {
    generate = readGenerateSettings(env, flags);
  } catch (error) {
    return { kind: "invalid", message: error instanceof Error ? error.message : String(error) };
  }
  if (flags.seed !== undefined && generate.cases === 0) {
    return { kind: "invalid", message: "--seed applies to generated cases: add --generated N" };
  }
  const keyFromEnv = flags.apiKey === undefined && env.CONTRACT_API_KEY?.trim();
  const runId = flags.runId ?? ciRunId(env);
  return {
    kind: "ready",
    config: {
      runName,
      ...(runId === undefined ? {} : { runId }),
      target,
      ...(keyFromEnv && target.target !== "prism" && target.target !== "sandbox"
        ? { apiKeyVariable: "CONTRACT_API_KEY" }
        : {}),
      reportsDir,
      files: reportFiles(reportsDir, runName, target.target, flags.shard),
      ...(flags.shard ? { shard: flags.shard } : {}),
      generate,
      gates: flags.minCoverage ?? {},
      reporters: flags.reporters ?? [],
      specHash: specHash(),
      cwd,
    },
  };
}

/**
 * The configuration of vitest started by hand with the suite's config, resolved from the environment.
 * Throws when the run cannot go ahead.
 */
export function loadRunConfig(env: Env = process.env, cwd = process.cwd()): RunConfig {
  const runName = env.CONTRACT_RUN_NAME === "generated" ? "generated" : "contract";
  const shardText = env.CONTRACT_SHARD?.trim();
  const shard = shardText ? parseShard(shardText) : undefined;
  const resolved = resolveRun(shard ? { shard } : {}, env, cwd, runName);
  if (resolved.kind === "invalid") throw new Error(resolved.message);
  if (resolved.kind === "unconfigured") throw new Error(`missing ${resolved.missing.join(", ")}`);
  return resolved.config;
}
