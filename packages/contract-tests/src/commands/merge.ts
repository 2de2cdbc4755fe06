// `contract-tests merge DIR…`: the shards' records as one run's reports. Refuses (exit 2, naming the file)
// a missing, duplicated or foreign shard; exit 1 when the merged verdict is failed (a test, a coverage gate).
import { resolve } from "node:path";
import { resolveReportsDir } from "../run-config/run-config.js";
import type { CommandModule } from "./command.js";
import { addGatesOption, addReportsDirOption, type CoverageGates } from "./options.js";

export const mergeCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("merge")
      .description(
        "Merge the shards of one run (the records each shard saved beside its reports) into the reports of one run. Every shard i of n must be there once, from the same run, spec and target.",
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
            const { mergeReportDirs } = await import("../shard/merge.js");
            const merged = mergeReportDirs(settings.dirs, settings.reportsDir, settings.gates, io.cwd);
            io.out.write(`merged ${merged.shards} shards\n`);
            for (const line of merged.lines) io.out.write(`${line}\n`);
            return merged.summary.verdict.status === "failed" ? 1 : 0;
          },
        });
      },
    );
  },
};
