// A contract run: vitest with the suite's own config, in the package's directory; then the coverage
// threshold of --min-coverage against the coverage report the run wrote.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RunCommand } from "../cli.js";
import { belowThreshold, type CoverageReport } from "../coverage-report/report.js";
import { reportFiles } from "../report-files.js";
import { resolveTarget } from "../targets.js";

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The vitest command line for the suite, as [node script, ...args]. */
export function vitestCommand(vitestArgs: readonly string[]): string[] {
  const require = createRequire(import.meta.url);
  const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");
  return [vitestBin, "run", "--config", join(packageRoot, "vitest.contract.config.ts"), ...vitestArgs];
}

export async function runContract(command: RunCommand, out: NodeJS.WritableStream): Promise<number> {
  const target = resolveTarget(command.env);
  if (target.kind === "skip") {
    out.write(`${target.message}\n`);
    return 0;
  }
  if (target.kind === "invalid") {
    out.write(`contract-tests: ${target.message}\n`);
    return 2;
  }
  const [script, ...args] = vitestCommand(command.vitestArgs);
  const child = spawn(process.execPath, [script as string, ...args], {
    cwd: packageRoot,
    env: command.env,
    stdio: "inherit",
  });
  // Ctrl-C reaches vitest directly (same process group): wait for it to stop its servers.
  // A SIGTERM sent to this process alone is passed on.
  const ignore = () => {};
  const forward = () => child.kill("SIGTERM");
  process.on("SIGINT", ignore);
  process.on("SIGTERM", forward);
  let code: number;
  try {
    code = await new Promise<number>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    });
  } finally {
    process.off("SIGINT", ignore);
    process.off("SIGTERM", forward);
  }
  if (command.minCoverage === undefined) return code;
  const file = reportFiles(command.reportsDir, command.runName, target.target, command.shard).coverage;
  if (!existsSync(file)) {
    out.write(`contract-tests: no coverage report at ${file}; --min-coverage cannot be checked\n`);
    return code === 0 ? 1 : code;
  }
  const below = belowThreshold(JSON.parse(readFileSync(file, "utf8")) as CoverageReport, command.minCoverage);
  if (!below) return code;
  out.write(`contract-tests: ${below}\n`);
  return code === 0 ? 1 : code;
}
