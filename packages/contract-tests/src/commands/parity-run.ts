// The work of `contract-tests parity` (see parity.ts): the recording re-sent to the target, compared, reported.
import { shownPath } from "../cli-hint.js";
import { createJudge } from "../judge.js";
import { keepFailure } from "../kept/kept-test-file.js";
import { loadAllowList } from "../parity/allow-list.js";
import { describeDifference } from "../parity/differences.js";
import { readRecording } from "../parity/recording.js";
import { type Pace, type ParityTarget, replayForParity } from "../parity/replay.js";
import { judgeParity, parityRecords, parityTable } from "../parity/report.js";
import { removeReports, reportFiles } from "../report-files.js";
import { writeReports } from "../reports/write-reports.js";
import type { ReadyTarget } from "../run-config/target.js";
import { sandboxControlOf } from "../sandbox-control.js";
import { savedTargetOf } from "../saved-target.js";
import { openTarget } from "../target-session.js";

export interface ParityRun {
  /** HAR files or directories of them. */
  paths: string[];
  target: ReadyTarget;
  allowList?: string;
  /** auto: clock when the target is a sandbox, else recorded. */
  pace: "auto" | Pace;
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

export async function runParity(
  command: ParityRun,
  out: NodeJS.WritableStream,
  cwd = process.cwd(),
): Promise<number> {
  const judge = createJudge();
  const rules = command.allowList === undefined ? [] : loadAllowList(command.allowList);
  const recording = readRecording(command.paths, judge);
  const unreadable = recording.unreadable.map(({ file, reason }) => `${file}: ${reason}`);
  if (recording.exchanges.length === 0) {
    out.write(
      `contract-tests: no exchange of the spec's operations in ${command.paths.join(", ")}${unreadable.length ? ` (cannot read ${unreadable.join("; ")})` : ""}\n`,
    );
    return 2;
  }
  for (const line of unreadable) out.write(`contract-tests: cannot read ${line} (skipped)\n`);
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
    // A re-run replaces its earlier reports and kept files.
    const reports = reportFiles(command.reportsDir, "parity", plan.target);
    removeReports(reports);
    const { lines } = writeReports(parityRecords(plan.target, judged), { files: reports, cwd });
    // Each exchange with a difference beyond the allow-list is kept as a test of its request against the target.
    judged.failing
      .filter((failing) => failing.differences.some((d) => judged.unexpected.includes(d)))
      .forEach((failing, n) => {
        const kept = keepFailure(
          reports.kept,
          `${failing.case.operationId}-${n + 1}`,
          failing,
          `parity, ${failing.differences[0]?.where ?? "recorded"}`,
          savedTargetOf(session.ctx),
        );
        out.write(`kept: ${shownPath(kept.file, cwd)} — ${kept.curl}\n`);
      });
    out.write(`${judged.unexpected.length} difference(s), ${judged.allowed.length} allowed\n`);
    for (const line of lines) out.write(`${line}\n`);
    return judged.unexpected.length > 0 || recording.unreadable.length > 0 ? 1 : 0;
  } finally {
    await session.stop();
  }
}
