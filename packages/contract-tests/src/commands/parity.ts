// `contract-tests parity HAR… [--target sandbox|url]`: re-sends recorded exchanges to a target and
// compares the answers (see src/parity/). Prints a table per operation and every difference beyond the
// allow-list; writes parity-<target>.{json,xml} and each differing exchange as a kept vitest file
// (kept-failures/parity-<target>/). Exit 0 none, 1 differences or a file or entry it could not read (named, skipped), 2 it cannot run.
// The work is in parity-run.ts, loaded when chosen.
import { resolve } from "node:path";
import { Option } from "commander";
import { resolveReportsDir } from "../run-config/run-config.js";
import { resolveTarget, type TargetName } from "../run-config/target.js";
import type { CommandModule } from "./command.js";
import { addReportsDirOption, addTargetOptions, type TargetValues } from "./options.js";
import type { ParityRun } from "./parity-run.js";

const PARITY_TARGETS: readonly TargetName[] = ["sandbox", "url"];
const PACES = ["auto", "clock", "recorded", "none"] as const;

interface ParityValues extends TargetValues {
  allow?: string;
  pace: (typeof PACES)[number];
  reportsDir?: string;
}

export const parityCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("parity")
      .description(
        "Re-send recorded exchanges (HAR files or directories, from record) in order to a target, mapping the ids the recording's answers handed out to the target's through the spec's links, and compare each answer: status, body fields and their types, task endings. Exit 1 on differences beyond --allow.",
      )
      .argument("<har...>", "HAR files or directories of them");
    addTargetOptions(command, PARITY_TARGETS, "sandbox, started fresh");
    addReportsDirOption(command)
      .option("--allow <file>", "a JSON allow-list of known differences (see the README)")
      .addOption(
        new Option(
          "--pace <how>",
          "clock: advance a sandbox's clock by the recorded gaps; recorded: wait them; none",
        )
          .choices(PACES)
          .default("auto"),
      )
      .action((paths: string[], values: ParityValues) => {
        const { allow, pace, reportsDir, ...targetFlags } = values;
        // The target is sandbox unless --target says otherwise: CONTRACT_TARGET is the suite's, not parity's.
        const target = resolveTarget(io.env, { ...targetFlags, target: targetFlags.target ?? "sandbox" });
        if (target.kind !== "ready") throw new Error(target.message);
        const settings: ParityRun = {
          paths: paths.map((path) => resolve(io.cwd, path)),
          target,
          pace,
          reportsDir: resolveReportsDir(reportsDir, io.env, io.cwd),
          ...(allow === undefined ? {} : { allowList: resolve(io.cwd, allow) }),
        };
        choose({
          settings,
          run: async () => (await import("./parity-run.js")).runParity(settings, io.out, io.cwd),
        });
      });
  },
};
