// `contract-tests [run]`: the contract suite against a target (the default command).
import { InvalidArgumentError, Option } from "commander";
import type { CoverageGates } from "../coverage-report/gates.js";
import type { Shard } from "../report-files.js";
import { CI_REPORTERS, type CiReporter, type TargetFlags } from "../run-config/run-config.js";
import type { CommandModule } from "./command.js";
import { executeContractRun } from "./contract-run.js";
import { gatesOption, generatedOption, seedOption, shardOption } from "./option-parsers.js";
import { addTargetOptions, targetFlags } from "./target-options.js";

/** The options of a run that run and generate share beyond the target. */
export interface RunValues extends TargetFlags {
  minCoverage?: CoverageGates;
  reporter?: CiReporter[];
  runId?: string;
  allowUnconfigured?: boolean;
}

/** Each --reporter adds one; an unknown name is refused. */
function collectReporter(value: string, previous: CiReporter[] = []): CiReporter[] {
  if (!(CI_REPORTERS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`Allowed choices are ${CI_REPORTERS.join(", ")}.`);
  }
  return [...previous, value as CiReporter];
}

/** --min-coverage, --reporter, --run-id and --allow-unconfigured. */
export function addRunOptions<C extends import("commander").Command>(command: C): C {
  command
    .option(
      "--min-coverage <gates>",
      "fail below this coverage: a percentage of every item, or per kind: operations=100,statuses=50,branches=100,enums=80",
      gatesOption,
    )
    .addOption(
      new Option(
        "--reporter <name>",
        "also report for a CI: github (annotations), gitlab (code quality file); repeatable",
      )
        .choices(CI_REPORTERS)
        .argParser(collectReporter),
    )
    .option(
      "--run-id <id>",
      "the id the shards of one CI run share (default: GITHUB_RUN_ID or CI_PIPELINE_ID)",
    )
    .option("--allow-unconfigured", "a target without its variables is skipped (exit 0, a report saying so)");
  return command;
}

/** The shared flags of run and generate as run-config flags. */
export function runFlags(values: RunValues) {
  const { minCoverage, reporter, runId, allowUnconfigured, ...target } = values;
  return {
    flags: {
      ...targetFlags(target),
      ...(minCoverage === undefined ? {} : { minCoverage }),
      ...(reporter === undefined ? {} : { reporters: reporter }),
      ...(runId === undefined ? {} : { runId }),
    },
    allowUnconfigured: allowUnconfigured === true,
  };
}

export const runCommand: CommandModule = {
  register(program, io, choose) {
    addRunOptions(
      addTargetOptions(
        program
          .command("run", { isDefault: true })
          .description(
            "Run the contract suite (the default command). Targets: prism (default; started on a free port), sandbox (started likewise), real (needs CONTRACT_BASE_URL, CONTRACT_API_KEY and the CONTRACT_*_ID variables), url (any running server). Arguments after -- go to vitest.",
          ),
      ),
    )
      .option(
        "--generated <n>",
        "add N random valid generated cases per operation (plus steered and invalid ones)",
        generatedOption,
      )
      .option("--seed <s>", "seed of the generated cases (default 1)", seedOption)
      .option(
        "--shard <i/n>",
        "run part i of n (vitest's sharding); merge the parts with `merge`",
        shardOption,
      )
      .allowExcessArguments(true)
      .action((values: RunValues & { generated?: number; seed?: number; shard?: Shard }, command) => {
        const [unexpected] = command.args;
        if (unexpected !== undefined)
          throw new Error(`unexpected argument ${unexpected} (vitest arguments go after --)`);
        const { generated, seed, shard, ...rest } = values;
        const { flags, allowUnconfigured } = runFlags(rest);
        choose(() =>
          executeContractRun(
            {
              runName: "contract",
              flags: {
                ...flags,
                ...(generated === undefined ? {} : { generated }),
                ...(seed === undefined ? {} : { seed }),
                ...(shard === undefined ? {} : { shard }),
              },
              vitestArgs: io.vitestArgs,
              allowUnconfigured,
            },
            io,
          ),
        );
      });
  },
};
