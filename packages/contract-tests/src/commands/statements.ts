// `contract-tests statements`: the behavioural sentences of the contract (the spec's descriptions and the
// sandbox's README) and what checks each. `--unchecked` lists those no statement checks, with why, and
// those the table does not know yet. Exit 1 when a sentence is unknown or a row's sentence is gone.
import { UNCHECKED_BECAUSE } from "../stateful/sentence-statement.js";
import { type StatementsReport, statementsReport } from "../stateful/statements.js";
import type { CommandModule } from "./command.js";

interface StatementsValues {
  unchecked?: boolean;
  json?: boolean;
}

function lines(report: StatementsReport, unchecked: boolean): string[] {
  const total = report.checked.length + report.unchecked.length + report.unknown.length;
  const out = [
    `${total} behavioural sentences: ${report.checked.length} checked by statements, ${report.unchecked.length} unchecked with a reason, ${report.unknown.length} unknown`,
  ];
  if (unchecked) {
    for (const s of report.unchecked)
      out.push(`unchecked ${s.at}: ${s.text}\n  why: ${UNCHECKED_BECAUSE[s.verdict]}`);
  }
  for (const s of report.unknown)
    out.push(`unknown ${s.at}: ${s.text}\n  give it a statement or a reason in src/stateful/statements.ts`);
  for (const s of report.gone)
    out.push(`gone ${s.at}: ${s.text}\n  the contract no longer says it: remove its row`);
  return out;
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
        const settings = { unchecked: values.unchecked === true, json: values.json === true };
        choose({
          settings,
          run: async () => {
            const report = statementsReport();
            if (settings.json) {
              const shown = settings.unchecked
                ? {
                    unchecked: report.unchecked.map((s) => ({ ...s, why: UNCHECKED_BECAUSE[s.verdict] })),
                    unknown: report.unknown,
                    gone: report.gone,
                  }
                : report;
              io.out.write(`${JSON.stringify(shown, null, 2)}\n`);
            } else for (const line of lines(report, settings.unchecked)) io.out.write(`${line}\n`);
            return report.unknown.length > 0 || report.gone.length > 0 ? 1 : 0;
          },
        });
      });
  },
};
