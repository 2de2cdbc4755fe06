// The work of `contract-tests replay-case` (see replay-case.ts): the saved case sent again and judged.
import { failureOf, loadCase, sendCase } from "../generate/request-case.js";
import { createJudge } from "../judge.js";
import type { TargetFlags } from "../run-config/target.js";
import { replayTarget, unreachableSaved } from "../saved-target.js";
import { openTarget } from "../target-session.js";
import { CannotRun, type CliIo } from "./command.js";

export interface ReplayCaseSettings {
  file: string;
  flags: TargetFlags;
}

export async function replayCase(settings: ReplayCaseSettings, io: CliIo): Promise<number> {
  const values = settings.flags;
  const saved = loadCase(settings.file);
  const target = replayTarget(settings.file, saved.target, values, io.env);
  if (target.kind === "invalid") throw new CannotRun(target.message);
  if (target.kind === "skip")
    throw new CannotRun(`cannot run --target ${target.target}: missing ${target.missing.join(", ")}`);
  const unreachable = await unreachableSaved(settings.file, saved.target, values);
  if (unreachable !== undefined) throw new CannotRun(unreachable);
  const session = await openTarget(target);
  try {
    const outcome = await sendCase(
      {
        baseUrl: session.ctx.baseUrl,
        apiKey: session.ctx.apiKey,
        acceptPrismProblems: session.ctx.server === "prism",
      },
      saved,
      createJudge(),
    );
    const failure = failureOf(saved, outcome);
    io.out.write(
      `${saved.kind} case of ${saved.operationId} (${saved.plan}) on ${session.ctx.target} ${session.ctx.baseUrl} → ${outcome.status}: ${failure ?? "keeps the contract"}\n`,
    );
    return failure === undefined ? 0 : 1;
  } finally {
    await session.stop();
  }
}
