// A contract run (the suite, or generated cases only) from the configuration its command resolved: refuses
// what cannot run (exit 2, one line), asks the target once (preflight), then runs vitest with the suite's
// options, handing the configuration over and taking the run's reports back, in memory. The exit code is 1
// when the verdict is failed (a test, an error outside the tests, a coverage gate), else vitest's.
import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { loadDocument } from "@cloud-contract/spec/document";
import { preflight } from "../preflight.js";
import { removeReports, reportFiles } from "../report-files.js";
import { type WrittenReports, writeReports } from "../reports/write-reports.js";
import { type RunConfig, type RunResolution, specHash } from "../run-config/run-config.js";
import type { Env } from "../run-config/target.js";
import { packageRoot } from "../suite-command.js";
import { suiteOptions } from "../suite-options.js";
import { missingPeer } from "../target-session.js";
import type { CliIo } from "./command.js";

/** What a contract run resolved from its command's options. */
export interface ContractRunRequest {
  /** A ready configuration, or a target without its variables (an invalid one is a usage error). */
  resolution: Exclude<RunResolution, { kind: "invalid" }>;
  /** Arguments after `--`, for vitest. */
  vitestArgs: readonly string[];
  /** --allow-unconfigured: a target without its variables is skipped (exit 0, a report saying so). */
  allowUnconfigured: boolean;
}

/** The bin's output as vitest's: as it is on a terminal, without colour codes elsewhere (CI logs, files, pipes). */
function outputFor(out: NodeJS.WritableStream, env: Env): NodeJS.WriteStream | Writable {
  const std = [process.stdout, process.stderr].find((stream) => stream === out);
  const colours = std?.isTTY === true || env.FORCE_COLOR !== undefined;
  if (colours && std) return std;
  return new RunOutput(out, !colours);
}

/** Vitest's output passed on to the bin's, colour codes taken out when `plain`. */
class RunOutput extends Writable {
  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly plain: boolean,
  ) {
    super();
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, done: () => void): void {
    const text = String(chunk);
    this.out.write(this.plain ? stripVTControlCharacters(text) : text);
    done();
  }

  // Vitest pipes its worker thread's output here, and a pipe ends its destination when the thread ends
  // (process.stdout excepted): this stream stays open like process.stdout, for the run's last lines.
  override end(..._args: unknown[]): this {
    return this;
  }
}

/**
 * Runs the suite's vitest in this process (one Node process per run, not two) through vitest's Node API:
 * the configuration goes over in memory (provided to the global setup and the tests) and the run's reports
 * come back on the reporter. Resolves to vitest's exit code and those reports; the caller's exit code is kept.
 */
async function runVitest(
  config: RunConfig,
  vitestArgs: readonly string[],
  io: CliIo,
): Promise<{ code: number; reports: WrittenReports | undefined }> {
  const { parseCLI, startVitest } = await import("vitest/node");
  const { filter, options } = parseCLI(["vitest", "run", ...vitestArgs]);
  const suite = suiteOptions(config, packageRoot);
  const output = outputFor(io.out, io.env);
  // The bin's errors go to stderr; a caller's own stream (a library use, a test) takes both.
  const errors = io.out === process.stdout ? outputFor(process.stderr, io.env) : output;
  const saved = process.exitCode;
  process.exitCode = undefined;
  try {
    await startVitest(
      "test",
      filter,
      {
        // Vitest's own arguments (after --) override the suite's options, as they would its config file's.
        ...suite.test,
        ...options,
        config: false,
        watch: false,
        ...(config.shard ? { shard: `${config.shard.index}/${config.shard.count}` } : {}),
        reporters: [
          ...(options.reporters === undefined ? ["default"] : [options.reporters].flat()),
          suite.reporter,
        ],
      },
      undefined,
      { stdout: output, stderr: errors },
    );
    return { code: Number(process.exitCode ?? 0), reports: suite.reporter.result };
  } finally {
    process.exitCode = saved;
  }
}

/** The work of `run` and `generate`: resolves to the exit code. */
export async function executeContractRun(request: ContractRunRequest, io: CliIo): Promise<number> {
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
    const files = reportFiles(resolved.reportsDir, resolved.runName, resolved.target);
    removeReports(files);
    const { lines } = writeReports(
      {
        run: { name: resolved.runName, target: resolved.target, specHash: specHash() },
        operations: loadDocument().operations,
        tests: [],
        skipped: { reason: `not configured (missing ${missing})`, missing: resolved.missing },
      },
      { files, cwd: io.cwd },
    );
    for (const line of lines) out.write(`${line}\n`);
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
  const { code, reports } = await runVitest(config, request.vitestArgs, io);
  if (reports === undefined || reports.summary.verdict.status === "failed") return code === 0 ? 1 : code;
  return code;
}
