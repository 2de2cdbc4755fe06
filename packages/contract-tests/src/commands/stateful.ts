// `contract-tests stateful`: stateful sequences from the spec's links against a target (see src/stateful/).
// Prints the run and, on a failure, its shrunk steps and the case file to replay (cases/stateful-<target>/);
// writes stateful-<target>.{json,xml,coverage.json}, and the failing request as a kept vitest file when its answer
// alone breaks the contract (kept-failures/stateful-<target>/). `--replay FILE` runs a saved sequence again.
// Exit 0 every check kept, 1 a check broke, 2 it cannot run. The work is in stateful-run.ts, loaded when chosen.
import { resolve } from "node:path";
import { readGenerateSettings } from "../run-config/generate-settings.js";
import { resolveReportsDir } from "../run-config/run-config.js";
import { type Env, resolveTarget } from "../run-config/target.js";
import { DEFAULT_SEQUENCE_OPTIONS, STATEFUL_TARGETS } from "../stateful/sequence-options.js";
import type { CommandModule } from "./command.js";
import { casesOption } from "./option-parsers.js";
import {
  addMutationOptions,
  addReportsDirOption,
  addSeedOption,
  addTargetOptions,
  type MutationValues,
  type TargetValues,
} from "./options.js";
import type { StatefulReplay, StatefulRun } from "./stateful-run.js";

interface StatefulValues extends TargetValues, MutationValues {
  reportsDir?: string;
  seed?: number;
  sequences?: number;
  maxSteps?: number;
  replay?: string;
}

/** The options that shape new sequences, which a replayed one does not have. */
const GENERATING = [
  ["seed", "--seed"],
  ["sequences", "--sequences"],
  ["maxSteps", "--max-steps"],
  ["reportsDir", "--reports-dir"],
] as const;

/** What the options ask for, or the line saying why they cannot run. */
function statefulSettings(
  values: StatefulValues,
  env: Env,
  cwd: string,
): StatefulRun | StatefulReplay | { invalid: string } {
  const { replay, seed, sequences, maxSteps, reportsDir, ...targetFlags } = values;
  if (replay !== undefined) {
    const given = GENERATING.filter(([key]) => values[key] !== undefined).map(([, flag]) => flag);
    if (given.length > 0)
      return { invalid: `${given.join(", ")} does not apply to --replay: it runs the saved steps` };
    // The target comes from the saved file unless the flags name one: read when the run starts.
    return { replay: resolve(cwd, replay), targetFlags, env };
  }
  const plan = resolveTarget(env, targetFlags, "sandbox");
  if (plan.kind === "invalid") return { invalid: plan.message };
  if (plan.kind === "skip")
    return { invalid: `cannot run --target ${plan.target}: missing ${plan.missing.join(", ")}` };
  if (!STATEFUL_TARGETS.includes(plan.target)) {
    return {
      invalid: `stateful needs a target that keeps state (${STATEFUL_TARGETS.join(", ")}), not ${plan.target}`,
    };
  }
  let chosenSeed: number;
  try {
    chosenSeed = readGenerateSettings(env, seed === undefined ? {} : { seed }).seed;
  } catch (error) {
    return { invalid: error instanceof Error ? error.message : String(error) };
  }
  return {
    target: plan,
    reportsDir: resolveReportsDir(reportsDir, env, cwd),
    sequences: sequences ?? DEFAULT_SEQUENCE_OPTIONS.sequences,
    maxSteps: maxSteps ?? DEFAULT_SEQUENCE_OPTIONS.maxSteps,
    seed: chosenSeed,
    cwd,
  };
}

export const statefulCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("stateful")
      .description(
        "Send random sequences of calls built from the spec's links (after one sweep of every auth, break and page check and of a probe per behavioural statement of the spec's descriptions) to a target that keeps state, each sequence on a tenant of its own where the target makes tenants; a failing sequence is shrunk and saved for --replay.",
      );
    addTargetOptions(command, STATEFUL_TARGETS, "CONTRACT_TARGET, else sandbox");
    addMutationOptions(command);
    addReportsDirOption(command);
    addSeedOption(command, "seed (the same seed sends the same sequences)");
    command
      .option(
        "--sequences <n>",
        `random sequences after the sweep (default ${DEFAULT_SEQUENCE_OPTIONS.sequences})`,
        casesOption,
      )
      .option(
        "--max-steps <n>",
        `steps per sequence at most (default ${DEFAULT_SEQUENCE_OPTIONS.maxSteps})`,
        casesOption,
      )
      .option("--replay <file>", "run a saved sequence again instead (exit 0 once it keeps every check)")
      .action((values: StatefulValues) => {
        const settings = statefulSettings(values, io.env, io.cwd);
        if ("invalid" in settings) throw new Error(settings.invalid);
        choose({
          settings,
          run: async () => {
            const { replayStateful, runStateful } = await import("./stateful-run.js");
            return "replay" in settings
              ? replayStateful(settings, io.out)
              : runStateful(settings, io.out, io.cwd);
          },
        });
      });
  },
};
