// `contract-tests replay-case FILE`: sends a saved generated case to a target again and judges it.
// Exit 0 when it now keeps the contract, 1 when it still fails, 2 when the target cannot run.
import { resolve } from "node:path";
import { failureOf, loadCase, sendCase } from "../generate/request-case.js";
import { createJudge } from "../judge.js";
import { resolveRun, type TargetFlags } from "../run-config/run-config.js";
import { openTarget } from "../target-session.js";
import type { CommandModule } from "./command.js";
import { addTargetOptions, cannotRunLine, targetFlags } from "./target-options.js";

export const replayCaseCommand: CommandModule = {
  register(program, io, choose) {
    addTargetOptions(
      program
        .command("replay-case")
        .description(
          "Send a saved generated case (from a failed generate run) to a target again and judge it.",
        ),
    )
      .argument("<file>", "the saved case (JSON)")
      .action((file: string, values: TargetFlags) => {
        choose(async () => {
          const saved = loadCase(resolve(io.cwd, file));
          const resolved = resolveRun(targetFlags(values), io.env, io.cwd);
          if (resolved.kind !== "ready") {
            io.out.write(cannotRunLine(resolved));
            return 2;
          }
          const session = await openTarget(resolved.config.target);
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
              `${saved.kind} case of ${saved.operationId} (${saved.plan}) → ${outcome.status}: ${failure ?? "keeps the contract"}\n`,
            );
            return failure === undefined ? 0 : 1;
          } finally {
            await session.stop();
          }
        });
      });
  },
};
