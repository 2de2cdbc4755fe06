// `contract-tests replay-case FILE`: sends a saved generated case to a target again and judges it.
// Exit 0 when it now keeps the contract, 1 when it still fails, 2 when the target cannot run.
import { resolve } from "node:path";
import { failureOf, loadCase, sendCase } from "../generate/request-case.js";
import { createJudge } from "../judge.js";
import { resolveTarget } from "../run-config/target.js";
import { openTarget } from "../target-session.js";
import type { CommandModule } from "./command.js";
import { addTargetOptions, type TargetValues } from "./options.js";

export const replayCaseCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("replay-case")
      .description(
        "Send a saved generated case (from a failed generate run) to a target again and judge it.",
      );
    addTargetOptions(command)
      .argument("<file>", "the saved case (JSON)")
      .action((file: string, values: TargetValues) => {
        const target = resolveTarget(io.env, values);
        if (target.kind === "invalid") throw new Error(target.message);
        if (target.kind === "skip")
          throw new Error(`cannot run --target ${target.target}: missing ${target.missing.join(", ")}`);
        const settings = { file: resolve(io.cwd, file), target };
        choose({
          settings,
          run: async () => {
            const saved = loadCase(settings.file);
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
                `${saved.kind} case of ${saved.operationId} (${saved.plan}) → ${outcome.status}: ${failure ?? "keeps the contract"}\n`,
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
