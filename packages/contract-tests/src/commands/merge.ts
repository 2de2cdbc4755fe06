// `contract-tests merge DIR…`: the shards' reports as one run's. Refuses (exit 2, naming the file) a
// missing, duplicated or foreign shard; exit 1 when a test failed or a coverage gate of the merged
// coverage failed.
import { resolve } from "node:path";
import { describeGate } from "../coverage-report/gates.js";
import { coverageLine } from "../coverage-report/report.js";
import { resolveReportsDir } from "../run-config/run-config.js";
import { mergeReportDirs } from "../shard/merge.js";
import type { CommandModule } from "./command.js";
import { addGatesOption, addReportsDirOption, type CoverageGates } from "./options.js";

export const mergeCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("merge")
      .description(
        "Merge the reports of the shards of one run (JSON summaries, JUnit files, coverage) into those of one run. Every shard i of n must be there once, from the same run, spec and target.",
      )
      .argument("<dir...>", "the shards' reports directories");
    addGatesOption(addReportsDirOption(command)).action(
      (dirs: string[], values: { reportsDir?: string; minCoverage?: CoverageGates }) => {
        const settings = {
          dirs: dirs.map((dir) => resolve(io.cwd, dir)),
          reportsDir: resolveReportsDir(values.reportsDir, io.env, io.cwd),
          gates: values.minCoverage ?? {},
        };
        choose({
          settings,
          run: async () => {
            const merged = mergeReportDirs(settings.dirs, settings.reportsDir, settings.gates, io.cwd);
            const { totals } = merged.summary;
            io.out.write(
              `merged ${merged.shards} shards: ${totals.tests} tests, ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped → ${merged.files.summary}, ${merged.files.junit}\n`,
            );
            io.out.write(`${coverageLine(merged.coverage)} — ${merged.files.coverage}\n`);
            const failedGates = (merged.summary.gates ?? []).filter((gate) => !gate.passed);
            for (const gate of failedGates) io.out.write(`contract-tests: ${describeGate(gate)}\n`);
            return totals.failed > 0 || failedGates.length > 0 ? 1 : 0;
          },
        });
      },
    );
  },
};
