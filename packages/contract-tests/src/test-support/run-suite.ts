// Runs the contract suite in a child process against a `url` target, the way a user runs it, and collects
// its output. Used by the tests that prove the suite catches a broken contract.
import { spawn } from "node:child_process";
import { vitestCommand } from "../cli.js";

export interface SuiteRun {
  code: number | null;
  /** stdout and stderr, interleaved. */
  output: string;
}

/** The suite (optionally some files and a `-t` filter) against `baseUrl` with `apiKey`; reports go to `reportsDir`. */
export async function runSuiteAgainst(
  target: { baseUrl: string; apiKey: string; reportsDir: string },
  vitestArgs: readonly string[],
  extraEnv: Record<string, string> = {},
): Promise<SuiteRun> {
  const [script, ...args] = vitestCommand(vitestArgs);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTRACT_TARGET: "url",
    CONTRACT_BASE_URL: target.baseUrl,
    CONTRACT_API_KEY: target.apiKey,
    CONTRACT_REPORTS_DIR: target.reportsDir,
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    ...extraEnv,
  };
  delete env.VITEST;
  delete env.VITEST_WORKER_ID;
  delete env.VITEST_POOL_ID;
  const child = spawn(process.execPath, [script as string, ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output };
}
