// `contract-tests parity HAR… [--target sandbox|url]`: re-sends recorded exchanges to a target and
// compares the answers (see src/parity/). Prints a table per operation and every difference beyond the
// allow-list; writes parity-<target>.{json,xml}. Exit 0 none, 1 differences, 2 it cannot run.
import { resolve } from "node:path";
import { Option } from "commander";
import { createJudge } from "../judge.js";
import { loadAllowList } from "../parity/allow-list.js";
import { describeDifference } from "../parity/differences.js";
import { readRecording } from "../parity/recording.js";
import { type Pace, type ParityTarget, replayForParity } from "../parity/replay.js";
import { judgeParity, parityTable, writeParityReports } from "../parity/report.js";
import { resolveRun } from "../run-config/run-config.js";
import type { ReadyTarget } from "../run-config/target.js";
import { sandboxControlOf } from "../sandbox-control.js";
import { openTarget } from "../target-session.js";
import type { CommandModule } from "./command.js";
import { httpUrlOption } from "./option-parsers.js";
import { cannotRunLine, targetFlags } from "./target-options.js";

const PARITY_TARGETS = ["sandbox", "url"] as const;
const PACES = ["auto", "clock", "recorded", "none"] as const;

export interface ParityRun {
  /** HAR files or directories of them. */
  paths: string[];
  target: ReadyTarget;
  allowList?: string;
  pace: (typeof PACES)[number];
  reportsDir: string;
}

/** Whether the target is a sandbox whose tenant clock parity can stop and advance. */
async function hasSandboxClock(target: ParityTarget): Promise<boolean> {
  return sandboxControlOf(target)
    .forKey(target.apiKey)
    .clock.get()
    .then(
      () => true,
      () => false,
    );
}

interface ParityValues {
  target: string;
  baseUrl?: string;
  apiKey?: string;
  allow?: string;
  pace: ParityRun["pace"];
  reportsDir?: string;
}

export const parityCommand: CommandModule = {
  register(program, io, choose) {
    program
      .command("parity")
      .description(
        "Re-send recorded exchanges (HAR files or directories, from record) in order to a target, mapping the ids the recording's answers handed out to the target's through the spec's links, and compare each answer: status, body fields and their types, task endings. Exit 1 on differences beyond --allow.",
      )
      .argument("<har...>", "HAR files or directories of them")
      .addOption(
        new Option("--target <name>", "sandbox (started fresh) or url")
          .choices(PARITY_TARGETS)
          .default("sandbox"),
      )
      .option("--base-url <url>", "the server to compare (url)", httpUrlOption)
      .option("--api-key <key>", "its key (prefer CONTRACT_API_KEY)")
      .option("--allow <file>", "a JSON allow-list of known differences (see the README)")
      .addOption(
        new Option(
          "--pace <how>",
          "clock: advance a sandbox's clock by the recorded gaps; recorded: wait them; none",
        )
          .choices(PACES)
          .default("auto"),
      )
      .option("--reports-dir <dir>", "where the reports go (default ./reports)")
      .action((paths: string[], values: ParityValues) => {
        choose(async () => {
          const { target, baseUrl, apiKey, reportsDir } = values;
          const resolved = resolveRun(targetFlags({ target, baseUrl, apiKey, reportsDir }), io.env, io.cwd);
          if (resolved.kind !== "ready") {
            io.out.write(cannotRunLine(resolved));
            return 2;
          }
          return runParity(
            {
              paths: paths.map((path) => resolve(io.cwd, path)),
              target: resolved.config.target,
              pace: values.pace,
              reportsDir: resolved.config.reportsDir,
              ...(values.allow === undefined ? {} : { allowList: resolve(io.cwd, values.allow) }),
            },
            io.out,
          );
        });
      });
  },
};

export async function runParity(command: ParityRun, out: NodeJS.WritableStream): Promise<number> {
  const judge = createJudge();
  const rules = command.allowList === undefined ? [] : loadAllowList(command.allowList);
  const recording = readRecording(command.paths, judge);
  if (recording.exchanges.length === 0) {
    out.write(`contract-tests: no exchange of the spec's operations in ${command.paths.join(", ")}\n`);
    return 2;
  }
  const plan = command.target;
  const session = await openTarget(plan);
  try {
    const target: ParityTarget = {
      baseUrl: session.ctx.baseUrl,
      apiKey: session.ctx.apiKey,
      fetch: (request) => fetch(request),
    };
    const clock = command.pace === "auto" || command.pace === "clock" ? await hasSandboxClock(target) : false;
    const pace: Pace = command.pace === "auto" ? (clock ? "clock" : "recorded") : command.pace;
    if (pace === "clock" && !clock) {
      out.write("contract-tests: --pace clock needs a sandbox with its control API as the target\n");
      return 2;
    }
    const started = performance.now();
    const judged = judgeParity(await replayForParity(recording, target, judge, pace), rules);
    const seconds = (performance.now() - started) / 1000;
    out.write(
      `parity: ${judged.exchanges} exchanges from ${recording.files.length} HAR file(s) against ${plan.target} in ${seconds.toFixed(1)} s (pace ${pace}; ${judged.idsMapped} ids mapped; ${recording.outsideSpec} outside the spec, ${judged.notComparable.length} not comparable)\n\n`,
    );
    out.write(`${parityTable(judged)}\n\n`);
    for (const difference of judged.unexpected) out.write(`${describeDifference(difference)}\n`);
    const files = writeParityReports(command.reportsDir, plan.target, judged);
    out.write(
      `${judged.unexpected.length} difference(s), ${judged.allowed.length} allowed — ${files.summary}, ${files.junit}\n`,
    );
    return judged.unexpected.length > 0 ? 1 : 0;
  } finally {
    await session.stop();
  }
}
