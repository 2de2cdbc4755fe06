// `contract-tests replay-case FILE`: sends a saved generated case to a target again and judges it.
// Exit 0 when it now keeps the contract, 1 when it still fails.
import type { ReplayCaseCommand } from "../cli.js";
import { failureOf, loadCase, sendCase } from "../generate/request-case.js";
import { createJudge } from "../judge.js";
import { openTarget } from "../target-session.js";
import { resolveTarget } from "../targets.js";

export async function runReplayCase(command: ReplayCaseCommand, out: NodeJS.WritableStream): Promise<number> {
  const saved = loadCase(command.file);
  const plan = resolveTarget(command.env);
  if (plan.kind !== "ready") {
    out.write(`contract-tests: ${plan.message}\n`);
    return plan.kind === "skip" ? 0 : 2;
  }
  const session = await openTarget(plan);
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
    out.write(
      `${saved.kind} case of ${saved.operationId} (${saved.plan}) → ${outcome.status}: ${failure ?? "keeps the contract"}\n`,
    );
    return failure === undefined ? 0 : 1;
  } finally {
    await session.stop();
  }
}
