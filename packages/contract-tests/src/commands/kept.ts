// `contract-tests kept [FILE|DIR]`: runs kept failures (`*.kept.mts`) from any folder with a vitest
// configuration of its own, each against the target it failed on (a fresh local server of the same kind,
// or the same base URL) unless target flags name another. Exit 0 every kept file passes (the causes are
// fixed), 1 one still fails, 2 they cannot run (no kept file, a target that does not answer, a write to a
// read-only target). The work is in kept-run.ts, loaded when chosen.
import { join, resolve } from "node:path";
import { resolveReportsDir } from "../run-config/run-config.js";
import type { CommandModule } from "./command.js";
import type { KeptSettings } from "./kept-run.js";
import { addMutationOptions, addTargetOptions, type MutationValues, type TargetValues } from "./options.js";

export const keptCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("kept")
      .description(
        "Run kept failures (*.kept.mts, which generate, stateful, replay and parity write) from any folder: each against the target it failed on — its kind and base URL; the key from --api-key or CONTRACT_API_KEY — unless target flags name another. A url target that is not a sandbox gets no write without --allow-mutations.",
      );
    addTargetOptions(command, undefined, "each file's own target");
    addMutationOptions(command);
    command
      .argument(
        "[path]",
        "a kept file, or a folder searched for them (default: the reports folder's kept-failures)",
      )
      .action((path: string | undefined, values: TargetValues & MutationValues) => {
        const settings: KeptSettings = {
          path:
            path === undefined
              ? join(resolveReportsDir(undefined, io.env, io.cwd), "kept-failures")
              : resolve(io.cwd, path),
          flags: values,
        };
        choose({ settings, run: async () => (await import("./kept-run.js")).runKept(settings, io) });
      });
  },
};
