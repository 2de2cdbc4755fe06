// A contract run (the suite, or generated cases only): resolves the run's configuration, refuses what
// cannot run (exit 2, one line), asks the target once (preflight), then runs vitest with the suite's
// config and hands it the configuration. The exit code is vitest's, or 1 when a coverage gate failed.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { preflight } from "../preflight.js";
import { existingReport, refusedReport } from "../report-files.js";
import { writeUnconfiguredReports } from "../reports/unconfigured.js";
import { handOver, type RunConfig, type RunFlags, resolveRun } from "../run-config/run-config.js";
import type { ContractSummary } from "../summary.js";
import type { CliIo } from "./command.js";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The vitest command line for the suite, as [node script, ...args]. */
export function vitestCommand(vitestArgs: readonly string[]): string[] {
  const require = createRequire(import.meta.url);
  const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");
  return [vitestBin, "run", "--config", join(packageRoot, "vitest.contract.config.ts"), ...vitestArgs];
}

export interface ContractRunRequest {
  runName: RunConfig["runName"];
  flags: RunFlags;
  vitestArgs: readonly string[];
  /** --allow-unconfigured: a target without its variables is skipped (exit 0, a report saying so). */
  allowUnconfigured: boolean;
  /** --force: replace the reports an earlier run left in the reports directory. */
  force: boolean;
}

async function spawnVitest(
  config: RunConfig,
  vitestArgs: readonly string[],
  env: CliIo["env"],
): Promise<number> {
  const handed = handOver(config);
  const shardArgs = config.shard ? [`--shard=${config.shard.index}/${config.shard.count}`] : [];
  const [script, ...args] = vitestCommand([...shardArgs, ...vitestArgs]);
  const child = spawn(process.execPath, [script as string, ...args], {
    cwd: packageRoot,
    env: { ...env, ...handed.env },
    stdio: "inherit",
  });
  // Ctrl-C reaches vitest directly (same process group): wait for it to stop its servers.
  // A SIGTERM sent to this process alone is passed on.
  const ignore = () => {};
  const forward = () => child.kill("SIGTERM");
  process.on("SIGINT", ignore);
  process.on("SIGTERM", forward);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    });
  } finally {
    process.off("SIGINT", ignore);
    process.off("SIGTERM", forward);
    handed.remove();
  }
}

export async function executeContractRun(request: ContractRunRequest, io: CliIo): Promise<number> {
  const { out } = io;
  const resolved = resolveRun(request.flags, io.env, io.cwd, request.runName);
  if (resolved.kind === "invalid") {
    out.write(`contract-tests: ${resolved.message}\n`);
    return 2;
  }
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
  const existing = existingReport(config.files);
  if (existing !== undefined && !request.force) {
    out.write(`contract-tests: ${refusedReport(existing, io.cwd)}\n`);
    return 2;
  }
  const { baseUrl } = config.target;
  if (baseUrl !== undefined) {
    const checked = await preflight(baseUrl, config.target.apiKey);
    if (!checked.ok) {
      out.write(`contract-tests: ${checked.line}\n`);
      return 2;
    }
  }
  const code = await spawnVitest(config, request.vitestArgs, io.env);
  if (!existsSync(config.files.summary)) return code === 0 ? 1 : code;
  const summary = JSON.parse(readFileSync(config.files.summary, "utf8")) as ContractSummary;
  const failedGates = (summary.gates ?? []).filter((gate) => !gate.passed);
  if (failedGates.length > 0) {
    out.write(
      `contract-tests: ${failedGates.length} coverage gate(s) failed: ${failedGates.map((g) => g.gate).join(", ")}\n`,
    );
    return code === 0 ? 1 : code;
  }
  return code;
}
