// `contract-tests [run]`: the contract suite against a target (the default command).
import type { Shard } from "../report-files.js";
import { resolveRun } from "../run-config/run-config.js";
import type { CliIo, CommandModule, CommandRun } from "./command.js";
import type { ContractRunRequest } from "./contract-run.js";
import { generatedOption, shardOption } from "./option-parsers.js";
import {
  addCiOptions,
  addGatesOption,
  addMutationOptions,
  addReportsDirOption,
  addSeedOption,
  addTargetOptions,
  type CiValues,
  type CoverageGates,
  type MutationValues,
  type TargetValues,
} from "./options.js";

interface RunValues extends TargetValues, MutationValues, CiValues {
  stateful?: boolean;
  reportsDir?: string;
  minCoverage?: CoverageGates;
  generated?: number;
  seed?: number;
  shard?: Shard;
}

/** The command run of `run` and `generate`: its work (vitest and the target) is loaded when it runs. */
export function contractRun(request: ContractRunRequest, io: CliIo): CommandRun {
  return {
    settings: request,
    run: async () => (await import("./contract-run.js")).executeContractRun(request, io),
  };
}

export const runCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("run", { isDefault: true })
      .description(
        "Run the contract suite (the default command). Targets: prism (default; started on a free port), sandbox (started likewise), real (needs CONTRACT_BASE_URL, CONTRACT_API_KEY and the CONTRACT_*_ID variables), url (any running server). Arguments after -- go to vitest.",
      );
    addTargetOptions(command);
    command.option("--stateful", "url target: run the behaviour tests too (else CONTRACT_STATEFUL)");
    addMutationOptions(command);
    addReportsDirOption(command);
    addGatesOption(command);
    addCiOptions(command);
    command.option(
      "--generated <n>",
      "add N random valid generated cases per operation (plus steered and invalid ones; else CONTRACT_GENERATED)",
      generatedOption,
    );
    addSeedOption(command, "seed of the generated cases (needs --generated)");
    command
      .option(
        "--shard <i/n>",
        "run part i of n (vitest's sharding); merge the parts with `merge`",
        shardOption,
      )
      .allowExcessArguments(true)
      .action((values: RunValues, action) => {
        const [unexpected] = action.args;
        if (unexpected !== undefined)
          throw new Error(`unexpected argument ${unexpected} (vitest arguments go after --)`);
        const { minCoverage, reporter, allowUnconfigured, ...flags } = values;
        const resolution = resolveRun(
          {
            ...flags,
            ...(minCoverage === undefined ? {} : { minCoverage }),
            ...(reporter === undefined ? {} : { reporters: reporter }),
          },
          io.env,
          io.cwd,
          "contract",
        );
        if (resolution.kind === "invalid") throw new Error(resolution.message);
        choose(
          contractRun(
            { resolution, vitestArgs: io.vitestArgs, allowUnconfigured: allowUnconfigured === true },
            io,
          ),
        );
      });
  },
};
