// A contract run (the suite, or generated cases only) from the configuration its command resolved: refuses
// what cannot run (exit 2, one line), asks the target once (preflight), then runs vitest with the suite's
// config, handing the configuration over and taking the run's summary back. The exit code is vitest's, or
// 1 when a coverage gate failed.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { preflight } from "../preflight.js";
import { removeReports } from "../report-files.js";
import { writeUnconfiguredReports } from "../reports/unconfigured.js";
import { handOver, type RunConfig, type RunResolution } from "../run-config/run-config.js";
import type { ContractSummary } from "../summary.js";
import { missingPeer } from "../target-session.js";
import type { CliIo, CommandRun } from "./command.js";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Vitest's arguments for the suite: `run`, the suite's config, then the caller's. */
function suiteArgs(vitestArgs: readonly string[]): string[] {
  return ["run", "--config", join(packageRoot, "vitest.contract.config.ts"), ...vitestArgs];
}

/** The vitest command line for the suite, as [node script, ...args], for a process of its own. */
export function vitestCommand(vitestArgs: readonly string[]): string[] {
  const require = createRequire(import.meta.url);
  const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");
  return [vitestBin, ...suiteArgs(vitestArgs)];
}

/** What a contract run resolved from its command's options. */
export interface ContractRunRequest {
  /** A ready configuration, or a target without its variables (an invalid one is a usage error). */
  resolution: Exclude<RunResolution, { kind: "invalid" }>;
  vitestArgs: readonly string[];
  /** --allow-unconfigured: a target without its variables is skipped (exit 0, a report saying so). */
  allowUnconfigured: boolean;
}

/** The command run of `run` and `generate`. */
export function contractRun(request: ContractRunRequest, io: CliIo): CommandRun {
  return { settings: request, run: () => executeContractRun(request, io) };
}

/**
 * Runs the suite's vitest in this process (one Node process per run, not two), from the package's folder
 * as its own command would run, and resolves to its exit code. The configuration goes over in a file
 * named by an environment variable. The file is removed at the end, also when Ctrl-C or SIGTERM makes
 * vitest end the process. The caller's folder, variables and exit code are restored.
 */
async function runVitest(
  config: RunConfig,
  vitestArgs: readonly string[],
): Promise<{ code: number; summary: ContractSummary | undefined }> {
  const shardArgs = config.shard ? [`--shard=${config.shard.index}/${config.shard.count}`] : [];
  const handed = handOver(config);
  // Colours only on a terminal: logs written to files (CI) get no ANSI codes unless FORCE_COLOR asks for
  // them. Set before vitest is first imported, which reads it once.
  const colours = process.stdout.isTTY || process.env.FORCE_COLOR !== undefined ? {} : { NO_COLOR: "1" };
  const env = { ...colours, ...handed.env };
  const saved = {
    cwd: process.cwd(),
    exitCode: process.exitCode,
    env: Object.keys(env).map((name) => [name, process.env[name]] as const),
  };
  process.once("exit", handed.remove);
  Object.assign(process.env, env);
  process.chdir(packageRoot);
  process.exitCode = undefined;
  try {
    const { parseCLI, startVitest } = await import("vitest/node");
    const { filter, options } = parseCLI(["vitest", ...suiteArgs([...shardArgs, ...vitestArgs])]);
    await startVitest("test", filter, options);
    return { code: Number(process.exitCode ?? 0), summary: handed.summary() };
  } finally {
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
    for (const [name, value] of saved.env) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    process.off("exit", handed.remove);
    handed.remove();
  }
}

async function executeContractRun(request: ContractRunRequest, io: CliIo): Promise<number> {
  const { out } = io;
  const resolved = request.resolution;
  if (resolved.kind === "unconfigured") {
    const missing = resolved.missing.join(", ");
    if (!request.allowUnconfigured) {
      out.write(
        `contract-tests: cannot run --target ${resolved.target}: missing ${missing} (set them, or pass --allow-unconfigured to skip on purpose)\n`,
      );
      return 2;
    }
    const files = writeUnconfiguredReports(
      resolved.reportsDir,
      resolved.runName,
      resolved.target,
      resolved.missing,
    );
    out.write(
      `contract-tests: skipped: not configured (missing ${missing}) — ${files.summary}, ${files.junit}\n`,
    );
    return 0;
  }
  const { config } = resolved;
  const missing = missingPeer(config.target);
  if (missing !== undefined) {
    out.write(`contract-tests: ${missing}\n`);
    return 2;
  }
  const { baseUrl } = config.target;
  if (baseUrl !== undefined) {
    const { apiKey } = config.target;
    const key = { value: apiKey ?? SANDBOX_API_KEY, given: apiKey !== undefined };
    const checked = await preflight(baseUrl, key);
    if (!checked.ok) {
      out.write(`contract-tests: ${checked.line}\n`);
      return 2;
    }
  }
  removeReports(config.files);
  const { code, summary } = await runVitest(config, request.vitestArgs);
  if (summary === undefined) return code === 0 ? 1 : code;
  const failedGates = (summary.gates ?? []).filter((gate) => !gate.passed);
  if (failedGates.length > 0) {
    out.write(
      `contract-tests: ${failedGates.length} coverage gate(s) failed: ${failedGates.map((g) => g.gate).join(", ")}\n`,
    );
    return code === 0 ? 1 : code;
  }
  return code;
}
