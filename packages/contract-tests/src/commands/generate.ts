// `contract-tests generate`: generated requests only, sent to a target like a run.

import { loadDocument } from "@cloud-contract/spec/document";
import { Option } from "commander";
import { cliCommand } from "../cli-hint.js";
import { resolveRun } from "../run-config/run-config.js";
import { GENERATED_TEST_FILE } from "../suite-command.js";
import type { CommandModule } from "./command.js";
import { casesOption, operationsOption } from "./option-parsers.js";
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
import { contractRun } from "./run.js";

interface GenerateValues extends TargetValues, MutationValues, CiValues {
  reportsDir?: string;
  minCoverage?: CoverageGates;
  cases: number;
  seed?: number;
  operation?: string[];
  stateful?: boolean;
}

export const generateCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("generate")
      .description(
        "Send generated requests to a target (like a run): per operation, valid ones that reach every oneOf branch, enum value and optional field, N random valid ones, and ones that break one constraint each. Failures are grouped by cause; the smallest case of each group is printed as a curl line and saved for replay-case. The requests sent per operation are printed. Sequences of calls: `contract-tests stateful`.",
      );
    addTargetOptions(command);
    addMutationOptions(command);
    addReportsDirOption(command);
    addGatesOption(command);
    addCiOptions(command);
    command.option("--cases <n>", "random valid cases per operation", casesOption, 30);
    addSeedOption(command, "seed (the same seed sends the same requests)");
    command
      .option(
        "--operation <ids>",
        "only these operations (comma list)",
        operationsOption(loadDocument().operations.map((op) => op.operationId)),
      )
      // Stateful sequences are a command of their own: the option is refused, naming that command.
      .addOption(new Option("--stateful").hideHelp())
      .action((values: GenerateValues) => {
        if (values.stateful)
          throw new Error(`generate --stateful is now its own command: ${cliCommand(["stateful"], io.cwd)}`);
        const { minCoverage, reporter, allowUnconfigured, cases, operation, stateful: _, ...flags } = values;
        const resolution = resolveRun(
          {
            ...flags,
            generated: cases,
            ...(operation === undefined ? {} : { operations: operation }),
            ...(minCoverage === undefined ? {} : { minCoverage }),
            ...(reporter === undefined ? {} : { reporters: reporter }),
          },
          io.env,
          io.cwd,
          "generated",
        );
        if (resolution.kind === "invalid") throw new Error(resolution.message);
        choose(
          contractRun(
            {
              resolution,
              vitestArgs: [GENERATED_TEST_FILE, ...io.vitestArgs],
              allowUnconfigured: allowUnconfigured === true,
            },
            io,
          ),
        );
      });
  },
};
