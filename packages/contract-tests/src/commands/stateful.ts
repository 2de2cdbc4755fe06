// `contract-tests stateful`: stateful sequences from the spec's links against a target (see src/stateful/).
// Prints the run and, on a failure, its shrunk steps and the case file to replay (cases/stateful-<target>/);
// writes stateful-<target>.{json,xml,coverage.json}, and the failing request as a kept vitest file when its answer
// alone breaks the contract (kept-failures/stateful-<target>/). `--replay FILE` runs a saved sequence again.
// Exit 0 every check kept, 1 a check broke, 2 it cannot run.
import { join, resolve } from "node:path";
import { cliCommand, shownPath } from "../cli-hint.js";
import { createCoverageModel } from "../coverage-report/model.js";
import { failureOf, type RequestCase } from "../generate/request-case.js";
import { createJudge, type Judge } from "../judge.js";
import { type FailingRequest, keepFailure } from "../kept/kept-test-file.js";
import { removeReports, reportFiles } from "../report-files.js";
import { writeReports } from "../reports/write-reports.js";
import { readGenerateSettings } from "../run-config/generate-settings.js";
import { resolveReportsDir, specHash } from "../run-config/run-config.js";
import {
  type Env,
  type ReadyTarget,
  resolveTarget,
  type TargetFlags,
  type TargetName,
} from "../run-config/target.js";
import { replayTarget, savedTargetOf, unreachableSaved } from "../saved-target.js";
import { loadSequenceCase, saveSequenceCase } from "../stateful/case-file.js";
import { CHECKS } from "../stateful/checks.js";
import { FAULT_ONLY_STATUSES } from "../stateful/edge-probes.js";
import {
  DEFAULT_SEQUENCE_OPTIONS,
  replaySteps,
  runSequences,
  type SequenceFailure,
  type SequenceOptions,
} from "../stateful/sequences.js";
import { createSequenceEnv } from "../stateful/world.js";
import type { TestRecord } from "../summary.js";
import { openTarget } from "../target-session.js";
import { CannotRun, type CommandModule } from "./command.js";
import { casesOption } from "./option-parsers.js";
import {
  addMutationOptions,
  addReportsDirOption,
  addSeedOption,
  addTargetOptions,
  type MutationValues,
  type TargetValues,
} from "./options.js";

/** Sequences need state: Prism answers from examples and keeps none. */
const STATEFUL_TARGETS: readonly TargetName[] = ["sandbox", "url", "real"];

interface StatefulValues extends TargetValues, MutationValues {
  reportsDir?: string;
  seed?: number;
  sequences?: number;
  maxSteps?: number;
  replay?: string;
}

/** The options that shape new sequences, which a replayed one does not have. */
const GENERATING = [
  ["seed", "--seed"],
  ["sequences", "--sequences"],
  ["maxSteps", "--max-steps"],
  ["reportsDir", "--reports-dir"],
] as const;

/** What the options ask for, or the line saying why they cannot run. */
function statefulSettings(
  values: StatefulValues,
  env: Env,
  cwd: string,
): StatefulRun | StatefulReplay | { invalid: string } {
  const { replay, seed, sequences, maxSteps, reportsDir, ...targetFlags } = values;
  if (replay !== undefined) {
    const given = GENERATING.filter(([key]) => values[key] !== undefined).map(([, flag]) => flag);
    if (given.length > 0)
      return { invalid: `${given.join(", ")} does not apply to --replay: it runs the saved steps` };
    // The target comes from the saved file unless the flags name one: read when the run starts.
    return { replay: resolve(cwd, replay), targetFlags, env };
  }
  const plan = resolveTarget(env, targetFlags, "sandbox");
  if (plan.kind === "invalid") return { invalid: plan.message };
  if (plan.kind === "skip")
    return { invalid: `cannot run --target ${plan.target}: missing ${plan.missing.join(", ")}` };
  if (!STATEFUL_TARGETS.includes(plan.target)) {
    return {
      invalid: `stateful needs a target that keeps state (${STATEFUL_TARGETS.join(", ")}), not ${plan.target}`,
    };
  }
  let chosenSeed: number;
  try {
    chosenSeed = readGenerateSettings(env, seed === undefined ? {} : { seed }).seed;
  } catch (error) {
    return { invalid: error instanceof Error ? error.message : String(error) };
  }
  return {
    target: plan,
    reportsDir: resolveReportsDir(reportsDir, env, cwd),
    sequences: sequences ?? DEFAULT_SEQUENCE_OPTIONS.sequences,
    maxSteps: maxSteps ?? DEFAULT_SEQUENCE_OPTIONS.maxSteps,
    seed: chosenSeed,
    cwd,
  };
}

export const statefulCommand: CommandModule = {
  register(program, io, choose) {
    const command = program
      .command("stateful")
      .description(
        "Send random sequences of calls built from the spec's links (after one sweep of every auth, break and page check and of a probe per behavioural statement of the spec's descriptions) to a target that keeps state, each sequence on a tenant of its own where the target makes tenants; a failing sequence is shrunk and saved for --replay.",
      );
    addTargetOptions(command, STATEFUL_TARGETS, "CONTRACT_TARGET, else sandbox");
    addMutationOptions(command);
    addReportsDirOption(command);
    addSeedOption(command, "seed (the same seed sends the same sequences)");
    command
      .option(
        "--sequences <n>",
        `random sequences after the sweep (default ${DEFAULT_SEQUENCE_OPTIONS.sequences})`,
        casesOption,
      )
      .option(
        "--max-steps <n>",
        `steps per sequence at most (default ${DEFAULT_SEQUENCE_OPTIONS.maxSteps})`,
        casesOption,
      )
      .option("--replay <file>", "run a saved sequence again instead (exit 0 once it keeps every check)")
      .action((values: StatefulValues) => {
        const settings = statefulSettings(values, io.env, io.cwd);
        if ("invalid" in settings) throw new Error(settings.invalid);
        choose({
          settings,
          run: () =>
            "replay" in settings ? replayStateful(settings, io.out) : runStateful(settings, io.out, io.cwd),
        });
      });
  },
};

export interface StatefulRun extends SequenceOptions {
  /** The target, resolved from the command's options. */
  target: ReadyTarget;
  reportsDir: string;
  /** The caller's folder: the printed hints are commands typed there. */
  cwd: string;
}

/** `--replay FILE`: a saved sequence run again, on the target it was saved against unless the flags name one. */
export interface StatefulReplay {
  replay: string;
  targetFlags: TargetFlags;
  env: Env;
}

/** Runs a saved sequence again: exit 0 once it keeps every check, 1 while it fails, 2 when it cannot run. */
export async function replayStateful(command: StatefulReplay, out: NodeJS.WritableStream): Promise<number> {
  const saved = loadSequenceCase(command.replay);
  const plan = replayTarget(command.replay, saved.target, command.targetFlags, command.env, "sandbox");
  if (plan.kind === "invalid") throw new CannotRun(plan.message);
  if (plan.kind === "skip")
    throw new CannotRun(`cannot run --target ${plan.target}: missing ${plan.missing.join(", ")}`);
  if (!STATEFUL_TARGETS.includes(plan.target)) {
    throw new CannotRun(
      `stateful needs a target that keeps state (${STATEFUL_TARGETS.join(", ")}), not ${plan.target}`,
    );
  }
  const unreachable = await unreachableSaved(command.replay, saved.target, command.targetFlags);
  if (unreachable !== undefined) throw new CannotRun(unreachable);
  const session = await openTarget(plan);
  try {
    const { ctx } = session;
    const env = await createSequenceEnv(
      ctx,
      { baseUrl: ctx.baseUrl, apiKey: ctx.apiKey, fetch: (request) => fetch(request) },
      createJudge(),
      { tenants: ctx.sandbox },
    );
    const replay = await replaySteps(env, saved.steps);
    if (replay.failure) {
      out.write(
        `the saved sequence still fails on ${ctx.target} ${ctx.baseUrl}: ${describeFailure(replay.failure)}`,
      );
      return 1;
    }
    out.write(
      `the saved sequence (${saved.steps.length} steps) now keeps every check on ${ctx.target} ${ctx.baseUrl}\n`,
    );
    return 0;
  } finally {
    await session.stop();
  }
}

/**
 * The failing sequence's last request as a kept case, when its answer alone breaks the contract (a body the
 * spec refuses, a 5xx, an invalid request not refused); failures that need the steps before it have the case file.
 */
function keepableRequest(failure: SequenceFailure, judge: Judge, seed: number): FailingRequest | undefined {
  const last = failure.last;
  if (last === undefined || last.credentials !== "key") return undefined;
  const { request, answer } = last;
  const c: RequestCase = {
    kind: failure.check === "invalid-refused" ? "invalid" : "valid",
    operationId: request.operationId,
    method: request.method,
    path: request.path,
    query: request.query,
    ...(request.body === undefined ? {} : { body: request.body }),
    plan: `stateful ${failure.check}`,
    seed,
  };
  const verdict = judge.checkResponse(request.operationId, answer.status, answer.contentType, answer.body);
  const outcome = { ...answer, verdict, prismProblem: false };
  return failureOf(c, outcome) === undefined ? undefined : { case: c, outcome, failure: failure.message };
}

function describeFailure(failure: SequenceFailure): string {
  const steps = failure.described.map((step, n) => `  ${n + 1}. ${step}`).join("\n");
  return `${failure.message}\nafter ${failure.described.length} step(s):\n${steps}\n`;
}

export async function runStateful(
  command: StatefulRun,
  out: NodeJS.WritableStream,
  cwd = process.cwd(),
): Promise<number> {
  const plan = command.target;
  const session = await openTarget(plan);
  try {
    const { ctx } = session;
    const judge = createJudge();
    const env = await createSequenceEnv(
      ctx,
      { baseUrl: ctx.baseUrl, apiKey: ctx.apiKey, fetch: (request) => fetch(request) },
      judge,
      // Only a sandbox answers its control API; another target is never asked for tenants.
      { tenants: ctx.sandbox },
    );
    const started = performance.now();
    const result = await runSequences(env, command);
    const seconds = (performance.now() - started) / 1000;
    out.write(
      `stateful: ${result.sequences} sequences, ${result.requests} requests in ${seconds.toFixed(1)} s (seed ${command.seed}${env.readOnly ? ", read-only" : ""}${env.newTenant ? ", a tenant per sequence" : ""})\n`,
    );
    const files = reportFiles(command.reportsDir, "stateful", plan.target);
    // A re-run replaces its earlier reports, saved case and kept files.
    removeReports(files);
    let caseFile: string | undefined;
    if (result.failure) {
      caseFile = join(files.cases, `seed-${command.seed}.json`);
      saveSequenceCase(caseFile, command.seed, savedTargetOf(ctx), result.failure);
    }
    // Each check is one test of the run: failed when the sequence that broke it was found.
    const checks: TestRecord[] = Object.entries(CHECKS).map(([check, description]) => {
      const broke = result.failure?.check === check ? result.failure : undefined;
      return {
        name: `${check}: ${description}`,
        file: "",
        state: broke ? "failed" : "passed",
        errors: broke ? [broke.message] : [],
      };
    });
    const { lines } = writeReports(
      {
        run: {
          name: "stateful",
          target: plan.target,
          ...(plan.server === undefined ? { baseUrl: ctx.baseUrl } : {}),
          specHash: specHash(),
        },
        operations: judge.operations,
        tests: checks,
        coverage: { documented: createCoverageModel(judge).documented, hits: [...result.hits] },
        details: {
          seed: command.seed,
          sequences: result.sequences,
          requests: result.requests,
          seconds,
          linksFollowed: [...result.followed].sort(),
          failure: result.failure ?? null,
          caseFile: caseFile ?? null,
        },
      },
      { files, cwd },
    );
    const keepable = result.failure && keepableRequest(result.failure, judge, command.seed);
    if (keepable) {
      const kept = keepFailure(
        files.kept,
        `${keepable.case.operationId}-${result.failure?.check}`,
        keepable,
        `stateful, seed ${command.seed}`,
        savedTargetOf(ctx),
      );
      out.write(`kept: ${shownPath(kept.file, cwd)} — ${kept.curl}\n`);
    }
    if (result.failure && caseFile) {
      out.write(`FAILED ${describeFailure(result.failure)}`);
      out.write(
        `saved: ${shownPath(caseFile, cwd)} — run it again with: ${cliCommand(["stateful", "--replay", shownPath(caseFile, cwd)], cwd)}\n`,
      );
    }
    // What the coverage counts as reached but no request can make the sandbox answer: said, with why.
    for (const { operationId, status, why } of FAULT_ONLY_STATUSES) {
      if (result.hits.has(`${operationId} ${status}`))
        out.write(`reached through a fault only: ${operationId} ${status} (${why})\n`);
    }
    for (const line of lines) out.write(`${line}\n`);
    return result.failure ? 1 : 0;
  } finally {
    await session.stop();
  }
}
