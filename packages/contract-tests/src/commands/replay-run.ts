// The work of `contract-tests replay` (see replay.ts): judges the recordings and writes the run's reports.
import { relative } from "node:path";
import { reportedPath, shownPath } from "../cli-hint.js";
import type { CoverageGates } from "../coverage-report/gates.js";
import { createCoverageModel } from "../coverage-report/model.js";
import { judgeOfFile } from "../judge.js";
import { keepFailure } from "../kept/kept-test-file.js";
import { replayRecordings } from "../replay/replay.js";
import { removeReports, reportFiles } from "../report-files.js";
import { writeReports } from "../reports/write-reports.js";
import { specHash } from "../run-config/run-config.js";
import type { CliIo } from "./command.js";

export interface ReplaySettings {
  /** The paths as given, and resolved. */
  given: string[];
  paths: string[];
  spec: string | undefined;
  reportsDir: string;
  gates: CoverageGates;
}

export async function replayHars(settings: ReplaySettings, io: CliIo): Promise<number> {
  const { cwd, out } = io;
  const paths = settings.given;
  const files = reportFiles(settings.reportsDir, "replay", "recorded");
  const judge = judgeOfFile(settings.spec);
  const model = createCoverageModel(judge);
  const result = replayRecordings(settings.paths, judge, model);
  const unreadable = result.unreadable.map(({ file, reason }) => `${relative(cwd, file)}: ${reason}`);
  if (result.exchanges === 0) {
    // Nothing to judge: one line, naming what could not be read.
    out.write(
      `contract-tests: no exchange to replay in ${paths.join(", ")} (${result.files} HAR files read${unreadable.length ? `; cannot read ${unreadable.join("; ")}` : ""})\n`,
    );
    return 2;
  }
  for (const line of unreadable) out.write(`contract-tests: cannot read ${line} (skipped)\n`);
  for (const test of result.tests.filter((t) => t.state === "failed")) {
    out.write(`${relative(cwd, test.file)} ${test.name}\n${test.errors.join("\n")}\n`);
  }
  removeReports(files);
  const { summary, lines } = writeReports(
    {
      run: { name: "replay", target: "recorded", specHash: specHash() },
      operations: judge.operations,
      tests: result.tests.map((test) => ({ ...test, file: reportedPath(test.file, cwd) })),
      coverage: { documented: model.documented, hits: [...result.hits] },
      // A file that could not be read is never judged as passed.
      unhandledErrors: result.unreadable.map(
        ({ file, reason }) => `cannot read ${relative(cwd, file)}: ${reason}`,
      ),
    },
    { files, gates: settings.gates, cwd },
  );
  // Each broken answer is kept as a test sending its request again (the key is never recorded).
  result.broken.forEach((exchange, n) => {
    const kept = keepFailure(
      files.kept,
      `${exchange.case.operationId}-${n + 1}`,
      exchange,
      `replay, ${relative(cwd, exchange.where)}`,
      // The recorded server: the url target the traffic went to.
      { kind: "url", baseUrl: exchange.baseUrl },
    );
    out.write(`kept: ${shownPath(kept.file, cwd)} — ${kept.curl}\n`);
  });
  const broken = summary.totals.failed;
  out.write(
    `replayed ${result.exchanges} exchanges from ${result.files} HAR files: ${broken} broke the contract, ${result.unknown.length} not in the spec${result.unreadable.length ? `, ${result.unreadable.length} files or entries unreadable` : ""}\n`,
  );
  for (const line of result.unknown) out.write(`  not in the spec: ${line}\n`);
  for (const line of lines) out.write(`${line}\n`);
  return summary.verdict.status === "failed" ? 1 : 0;
}
