// `contract-tests replay PATH…`: judges recorded exchanges (HAR files, or folders of them) against the
// current spec and writes the reports of a run (JSON summary, JUnit, coverage) and each broken answer's
// request as a kept vitest file (kept-failures/replay-recorded/). Names each file it cannot
// read and goes on; lists every exchange not in the spec. Exit 1 on a violation, an unreadable file or a
// failed coverage gate; 2 when no exchange could be read at all. The work is in replay-run.ts, loaded when chosen.
import { resolve } from "node:path";
import { resolveReportsDir } from "../run-config/run-config.js";
import type { CommandModule } from "./command.js";
import { addGatesOption, addReportsDirOption, type CoverageGates } from "./options.js";
import type { ReplaySettings } from "./replay-run.js";

export const replayCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("replay")
      .description(
        "Judge every recorded exchange (HAR files, or folders of *.har files) against the current spec, offline; writes the reports of a run.",
      )
      .argument("<path...>", "HAR files or folders of them")
      .option("--spec <file>", "judge with this bundled spec (JSON) instead of the package's");
    addGatesOption(addReportsDirOption(command)).action(
      (paths: string[], values: { spec?: string; reportsDir?: string; minCoverage?: CoverageGates }) => {
        const { cwd } = io;
        const settings: ReplaySettings = {
          given: paths,
          paths: paths.map((path) => resolve(cwd, path)),
          spec: values.spec && resolve(cwd, values.spec),
          reportsDir: resolveReportsDir(values.reportsDir, io.env, cwd),
          gates: values.minCoverage ?? {},
        };
        choose({
          settings,
          run: async () => (await import("./replay-run.js")).replayHars(settings, io),
        });
      },
    );
  },
};
