// `contract-tests replay-case FILE`: sends a saved generated case to a target again and judges it: the
// target the case was saved against, unless target flags name another.
// Exit 0 when it now keeps the contract, 1 when it still fails, 2 when the target cannot run. The work is in replay-case-run.ts, loaded when chosen.
import { resolve } from "node:path";
import type { CommandModule } from "./command.js";
import { addTargetOptions, type TargetValues } from "./options.js";
import type { ReplayCaseSettings } from "./replay-case-run.js";

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
        const settings: ReplayCaseSettings = { file: resolve(io.cwd, file), flags: values };
        choose({
          settings,
          run: async () => (await import("./replay-case-run.js")).replayCase(settings, io),
        });
      });
  },
};
