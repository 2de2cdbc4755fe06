// The package's bin as a user runs it: a child process, stdout not a terminal, an environment without the
// caller's CONTRACT_* and vitest variables. For the tests that check exit codes and printed lines.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const BIN = fileURLToPath(new URL("../../bin/contract-tests.js", import.meta.url));

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of this process without CONTRACT_*, VITEST* and CI run ids, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith("CONTRACT_") &&
        !name.startsWith("VITEST") &&
        !["GITHUB_RUN_ID", "CI_PIPELINE_ID", "NO_COLOR", "FORCE_COLOR"].includes(name),
    ),
  );
  return { ...env, ...extra };
}

export interface BinOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Another copy of the bin (an install laid out elsewhere); the workspace's by default. */
  bin?: string;
}

/** What a child writes, and its exit code once it ends. */
function collect(child: ChildProcess) {
  const run: BinRun = { code: null, stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    run.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    run.stderr += chunk.toString();
  });
  const finished = new Promise<BinRun>((resolve) =>
    child.once("exit", (code) => {
      run.code = code;
      resolve(run);
    }),
  );
  return { child, run, finished };
}

/** Starts the bin; the caller waits for it with `finished`. */
export function startBin(args: readonly string[], options: BinOptions = {}) {
  const child: ChildProcess = spawn(process.execPath, [options.bin ?? BIN, ...args], {
    env: options.env ?? cleanEnv(),
    cwd: options.cwd ?? process.cwd(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  return collect(child);
}

/**
 * The first match of `pattern` in a started bin's stdout, once printed (a readiness line). Rejects with the
 * bin's output when it ends first, rather than leaving the test to wait for the hang detector.
 */
export function printed(bin: ReturnType<typeof startBin>, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = pattern.exec(bin.run.stdout);
      if (!found) return;
      stop();
      resolve(found);
    };
    // 'close' rather than 'exit': the output is complete by then.
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      stop();
      reject(
        new Error(
          `the bin ended (${signal ?? `exit ${code}`}) before printing ${pattern}:\n${bin.run.stdout}${bin.run.stderr}`,
        ),
      );
    };
    const stop = () => {
      bin.child.stdout?.off("data", check);
      bin.child.off("close", ended);
    };
    bin.child.stdout?.on("data", check);
    bin.child.once("close", ended);
    check();
  });
}

/** Runs a command line as a person pastes it into a shell (a printed hint), to its end. */
export function runShell(line: string, env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<BinRun> {
  return collect(spawn("/bin/sh", ["-c", line], { env, cwd, stdio: ["ignore", "pipe", "pipe"] })).finished;
}

/** Runs the bin to its end. */
export function runBin(args: readonly string[], options: BinOptions = {}) {
  return startBin(args, options).finished;
}
