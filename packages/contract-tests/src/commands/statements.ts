// `contract-tests statements`: the behavioural sentences of the contract (the spec's descriptions and the
// sandbox's README) and what checks each. `--unchecked` lists those no statement checks, with why, and
// those the table does not know yet. Exit 1 when a sentence is unknown or a row's sentence is gone.
import type { CommandModule } from "./command.js";
import type { StatementsSettings } from "./statements-run.js";

interface StatementsValues {
  unchecked?: boolean;
  json?: boolean;
}

export const statementsCommand: CommandModule = {
  register(program, io, choose) {
    program
      .command("statements")
      .description(
        "List the behavioural sentences of the spec's descriptions and of the sandbox's README, and what checks each (the statements stateful probes, or the checks every answer gets). Exit 1 when a sentence is not in the table yet.",
      )
      .option(
        "--unchecked",
        "list the sentences no statement checks, each with why, and those not in the table",
      )
      .option("--json", "print the report as JSON")
      .action((values: StatementsValues) => {
        const settings: StatementsSettings = {
          unchecked: values.unchecked === true,
          json: values.json === true,
        };
        choose({
          settings,
          run: async () => (await import("./statements-run.js")).printStatements(settings, io.out),
        });
      });
  },
};
