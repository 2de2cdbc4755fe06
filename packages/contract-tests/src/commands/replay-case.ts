// `contract-tests replay-case FILE`: sends a saved generated case to a target again and judges it: the
// target the case was saved against, unless target flags name another.
// Exit 0 when it now keeps the contract, 1 when it still fails, 2 when the target cannot run.
import { resolve } from "node:path";
import { failureOf, loadCase, sendCase } from "../generate/request-case.js";
import { createJudge } from "../judge.js";
import { replayTarget, unreachableSaved } from "../saved-target.js";
import { openTarget } from "../target-session.js";
import { CannotRun, type CommandModule } from "./command.js";
import { addTargetOptions, type TargetValues } from "./options.js";

export const replayCaseCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("replay-case")
      .description(
        "Send a saved generated case (from a failed generate run) again and judge it: to the target it was saved against (its kind and base URL; the key from CONTRACT_API_KEY), unless target flags name another.",
      );
    addTargetOptions(command, undefined, "the case's own target")
      .argument("<file>", "the saved case (JSON)")
      .action((file: string, values: TargetValues) => {
        const settings = { file: resolve(io.cwd, file), flags: values };
        choose({
          settings,
          run: async () => {
            const saved = loadCase(settings.file);
            const target = replayTarget(settings.file, saved.target, values, io.env);
            if (target.kind === "invalid") throw new CannotRun(target.message);
            if (target.kind === "skip")
              throw new CannotRun(
                `cannot run --target ${target.target}: missing ${target.missing.join(", ")}`,
              );
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
          },
        });
      });
  },
};
