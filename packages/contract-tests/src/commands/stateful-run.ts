// The work of `contract-tests stateful` (see stateful.ts): new sequences against a target, or a saved one again.
import { join } from "node:path";
import { cliCommand, shownPath } from "../cli-hint.js";
import { createCoverageModel } from "../coverage-report/model.js";
import { failureOf, type RequestCase } from "../generate/request-case.js";
import { createJudge, type Judge } from "../judge.js";
import { type FailingRequest, keepFailure } from "../kept/kept-test-file.js";
import { removeReports, reportFiles } from "../report-files.js";
import { writeReports } from "../reports/write-reports.js";
import { specHash } from "../run-config/run-config.js";
import type { Env, ReadyTarget, TargetFlags } from "../run-config/target.js";
import { replayTarget, savedTargetOf, unreachableSaved } from "../saved-target.js";
import { loadSequenceCase, saveSequenceCase } from "../stateful/case-file.js";
import { CHECKS } from "../stateful/checks.js";
import { FAULT_ONLY_STATUSES } from "../stateful/edge-probes.js";
import { type SequenceOptions, STATEFUL_TARGETS } from "../stateful/sequence-options.js";
import { replaySteps, runSequences, type SequenceFailure } from "../stateful/sequences.js";
import { createSequenceEnv } from "../stateful/world.js";
import type { TestRecord } from "../summary.js";
import { openTarget } from "../target-session.js";
import { CannotRun } from "./command.js";

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
