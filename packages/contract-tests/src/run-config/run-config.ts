// The one place that turns a run's options into its configuration: the flags of `run` and `generate`,
// with the CONTRACT_* environment variables as their fallbacks (CI secrets, the pnpm scripts). The bin
// resolves it once and hands it to vitest as one typed object (a JSON file named by CONTRACT_RUN_CONFIG,
// read back here by the vitest config, which provides it to the global setup and the tests).
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadDocument } from "@cloud-contract/spec/document";
import type { CoverageGates } from "../coverage-report/gates.js";
import { parseShard, type ReportFiles, reportFiles, type Shard } from "../report-files.js";
import { type GenerateSettings, readGenerateSettings } from "./generate-settings.js";
import { type Env, type ReadyTarget, resolveTarget } from "./target.js";

export const CI_REPORTERS = ["github", "gitlab"] as const;
export type CiReporter = (typeof CI_REPORTERS)[number];

/** The flags that choose a target (run, generate, replay-case; undefined: not given). */
export interface TargetFlags {
  target?: string;
  baseUrl?: string;
  apiKey?: string;
  stateful?: boolean;
  allowMutations?: boolean;
  readOnly?: boolean;
  reportsDir?: string;
}

/** The flags of `run` and `generate` (undefined: not given). */
export interface RunFlags extends TargetFlags {
  generated?: number;
  seed?: number;
  operations?: string[];
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

/** The environment variable a flag stands for. */
const FLAG_VARIABLES = {
  target: "CONTRACT_TARGET",
  baseUrl: "CONTRACT_BASE_URL",
  apiKey: "CONTRACT_API_KEY",
} as const;

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

export function resolveRun(
  flags: RunFlags,
  env: Env,
  cwd: string,
  runName: RunConfig["runName"] = "contract",
): RunResolution {
  const merged: Record<string, string | undefined> = { ...env };
  for (const [flag, variable] of Object.entries(FLAG_VARIABLES)) {
    const value = flags[flag as keyof typeof FLAG_VARIABLES];
    if (value !== undefined) merged[variable] = value;
  }
  if (flags.stateful) merged.CONTRACT_STATEFUL = "1";
  if (flags.allowMutations) merged.CONTRACT_ALLOW_MUTATIONS = "1";
  if (flags.readOnly) merged.CONTRACT_ALLOW_MUTATIONS = "0";
  if (flags.generated !== undefined) merged.CONTRACT_GENERATED = String(flags.generated);
  if (flags.seed !== undefined) merged.CONTRACT_SEED = String(flags.seed);
  if (flags.operations) merged.CONTRACT_OPERATIONS = flags.operations.join(",");
  const reportsDir = resolve(cwd, flags.reportsDir ?? (env.CONTRACT_REPORTS_DIR?.trim() || "reports"));

  const target = resolveTarget(merged);
  if (target.kind === "invalid") return target;
  if (target.kind === "skip") {
    return { kind: "unconfigured", target: target.target, missing: target.missing, runName, reportsDir };
  }
  let generate: GenerateSettings;
  try {
    generate = readGenerateSettings(merged);
  } catch (error) {
    return { kind: "invalid", message: (error as Error).message };
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

const CONFIG_VARIABLE = "CONTRACT_RUN_CONFIG";

/**
 * Writes the configuration for the vitest process (a file only this user can read: it may hold the key);
 * returns the environment that names it and a function that removes it.
 */
export function handOver(config: RunConfig): { env: Record<string, string>; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "contract-run-"));
  const file = join(dir, "run-config.json");
  writeFileSync(file, JSON.stringify(config), { mode: 0o600 });
  return { env: { [CONFIG_VARIABLE]: file }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The configuration inside vitest: the one the bin handed over, or (vitest started by hand with the
 * suite's config) one resolved from the environment. Throws when the run cannot go ahead.
 */
export function loadRunConfig(env: Env = process.env, cwd = process.cwd()): RunConfig {
  const file = env[CONFIG_VARIABLE];
  if (file) return JSON.parse(readFileSync(file, "utf8")) as RunConfig;
  const runName = env.CONTRACT_RUN_NAME === "generated" ? "generated" : "contract";
  const shardText = env.CONTRACT_SHARD?.trim();
  const shard = shardText ? parseShard(shardText) : undefined;
  const resolved = resolveRun(shard ? { shard } : {}, env, cwd, runName);
  if (resolved.kind === "invalid") throw new Error(resolved.message);
  if (resolved.kind === "unconfigured") throw new Error(`missing ${resolved.missing.join(", ")}`);
  return resolved.config;
}
