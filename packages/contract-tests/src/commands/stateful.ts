// `contract-tests generate --stateful`: stateful sequences from the spec's links against a target (see
// src/stateful/). Prints the run and, on a failure, its shrunk steps and the case file to replay;
// writes stateful-<target>.{json,xml,coverage.json}. `--replay FILE` runs a saved sequence again.
// Exit 0 every check kept, 1 a check broke, 2 it cannot run.
import { join } from "node:path";
import { createCoverageModel } from "../coverage-report/model.js";
import { coverageLine, coverageReport } from "../coverage-report/report.js";
import { createJudge } from "../judge.js";
import { reportFiles, writeJson } from "../report-files.js";
import { writeJunit } from "../reports/junit.js";
import type { ReadyTarget } from "../run-config/target.js";
import { loadSequenceCase, saveSequenceCase } from "../stateful/case-file.js";
import { CHECKS, type CheckName } from "../stateful/checks.js";
import {
  replaySteps,
  runSequences,
  type SequenceFailure,
  type SequenceOptions,
} from "../stateful/sequences.js";
import { createSequenceEnv } from "../stateful/world.js";
import { openTarget } from "../target-session.js";

export interface StatefulRun extends SequenceOptions {
  /** The target, resolved by the generate command's options. */
  target: ReadyTarget;
  reportsDir: string;
  /** A saved sequence to run again instead of generating. */
  replay?: string;
}

function describeFailure(failure: SequenceFailure): string {
  const steps = failure.described.map((step, n) => `  ${n + 1}. ${step}`).join("\n");
  return `${failure.message}\nafter ${failure.described.length} step(s):\n${steps}\n`;
}

export async function runStateful(command: StatefulRun, out: NodeJS.WritableStream): Promise<number> {
  const plan = command.target;
  const saved = command.replay === undefined ? undefined : loadSequenceCase(command.replay);
  const session = await openTarget(plan);
  try {
    const { ctx } = session;
    const judge = createJudge();
    const env = await createSequenceEnv(
      ctx,
      { baseUrl: ctx.baseUrl, apiKey: ctx.apiKey, fetch: (request) => fetch(request) },
      judge,
      // Only a sandbox answers its control API; the real API is never asked.
      { tenants: plan.target !== "real" },
    );
    if (saved) {
      const replay = await replaySteps(env, saved.steps);
      if (replay.failure) {
        out.write(`the saved sequence still fails: ${describeFailure(replay.failure)}`);
        return 1;
      }
      out.write(`the saved sequence (${saved.steps.length} steps) now keeps every check\n`);
      return 0;
    }
    const started = performance.now();
    const result = await runSequences(env, command);
    const seconds = (performance.now() - started) / 1000;
    out.write(
      `stateful: ${result.sequences} sequences, ${result.requests} requests in ${seconds.toFixed(1)} s (seed ${command.seed}${env.readOnly ? ", read-only" : ""}${env.newTenant ? ", a tenant per sequence" : ""})\n`,
    );
    const files = reportFiles(command.reportsDir, "stateful", plan.target);
    const coverage = coverageReport(createCoverageModel(judge).documented, result.hits);
    writeJson(files.coverage, coverage);
    const failed = result.failure?.check;
    writeJunit(
      files.junit,
      "stateful",
      (Object.keys(CHECKS) as CheckName[]).map((check) => ({
        suite: "stateful",
        name: `${check}: ${CHECKS[check]}`,
        ...(failed === check && result.failure ? { failure: { message: result.failure.message } } : {}),
      })),
    );
    let caseFile: string | undefined;
    if (result.failure) {
      caseFile = join(command.reportsDir, "cases", `stateful-${plan.target}-seed-${command.seed}.json`);
      saveSequenceCase(caseFile, command.seed, result.failure);
    }
    const summary = {
      target: plan.target,
      seed: command.seed,
      sequences: result.sequences,
      requests: result.requests,
      seconds,
      checks: CHECKS,
      linksFollowed: [...result.followed].sort(),
      failure: result.failure ?? null,
      caseFile: caseFile ?? null,
    };
    writeJson(files.summary, summary);
    out.write(`${coverageLine(coverage)} — ${files.coverage}\n`);
    if (result.failure && caseFile) {
      out.write(`FAILED ${describeFailure(result.failure)}`);
      out.write(
        `saved: ${caseFile} — run it again with: contract-tests generate --stateful --replay ${caseFile}\n`,
      );
      return 1;
    }
    out.write(`every check kept (${Object.keys(CHECKS).join(", ")})\n`);
    return 0;
  } finally {
    await session.stop();
  }
}
