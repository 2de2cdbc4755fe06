// The three engines, each run once against a target with one seeded bug: whether it caught the bug (its
// run failed) and what it said first. The suite runs as users run it (the bin, `--target url`, only the
// contract files that call the bug's operation); generate and stateful through their programmatic APIs.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX_API_KEY } from "@cloud-contract/mock";
import { buildContext, type ContractContext } from "../context.js";
import { createCoverageModel } from "../coverage-report/model.js";
import { generatorFor } from "../generate/target-generator.js";
import { createJudge, type Judge } from "../judge.js";
import { requestModels } from "../request-model.js";
import { resolveTarget } from "../run-config/target.js";
import { runSequences } from "../stateful/sequences.js";
import { createSequenceEnv } from "../stateful/world.js";
import { GENERATED_TEST_FILE } from "../suite-command.js";
import type { BuggyTarget } from "./buggy-target.js";
import type { SeededBug } from "./seeded-bug.js";

export const ENGINES = ["suite", "generate", "stateful"] as const;
export type EngineName = (typeof ENGINES)[number];

export interface EngineVerdict {
  caught: boolean;
  /** The first thing the engine reported (a failure, or why it could not run). */
  detail: string;
  /** The engine could not run at all (exit 2, a crash): neither caught nor missed. */
  error?: boolean;
}

export interface EngineOptions {
  judge?: Judge;
  /** Random valid cases of generate per operation. */
  cases?: number;
  /** Random sequences of stateful after its sweep. */
  sequences?: number;
  seed?: number;
  /** The suite's run ends after this long (the bench's bound). */
  suiteTimeoutMs?: number;
}

/**
 * The context of a `--target url --allow-mutations` run against `baseUrl` with the sandbox's key and
 * fixtures (a buggy target is a sandbox of this process: it may be changed).
 */
export function urlContext(baseUrl: string): ContractContext {
  const plan = resolveTarget({
    CONTRACT_TARGET: "url",
    CONTRACT_BASE_URL: baseUrl,
    CONTRACT_ALLOW_MUTATIONS: "1",
  });
  if (plan.kind !== "ready") throw new Error(`a url target cannot run: ${JSON.stringify(plan)}`);
  return buildContext(plan);
}

const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SRC = join(PACKAGE_ROOT, "src");

/** What a contract file that covers every operation uses (generate's own file runs only under `generate`). */
const EVERY_OPERATION = ["OPERATION_IDS", "requestModels("];

/** The contract test files that name the operation, and those that cover every operation. */
export function suiteFilesFor(operationId: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".contract.test.ts")) {
        const text = readFileSync(path, "utf8");
        const every = EVERY_OPERATION.some((use) => text.includes(use));
        if (text.includes(`"${operationId}"`) || every) files.push(path);
      }
    }
  };
  walk(SRC);
  return files
    .map((file) => relative(PACKAGE_ROOT, file))
    .filter((file) => file !== GENERATED_TEST_FILE)
    .sort();
}

export async function runSuite(
  target: BuggyTarget,
  bug: SeededBug,
  options: EngineOptions = {},
): Promise<EngineVerdict> {
  const url = target.url ?? (await target.listen());
  const reports = mkdtempSync(join(tmpdir(), "bugs-suite-"));
  try {
    const args = [
      join(PACKAGE_ROOT, "bin", "contract-tests.js"),
      "--target",
      "url",
      "--base-url",
      url,
      // The behaviour tests too: a url target runs them only when asked.
      "--stateful",
      "--reports-dir",
      reports,
      "--",
      ...suiteFilesFor(bug.operationId),
      "--bail=1",
    ];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NO_COLOR: "1",
      FORCE_COLOR: "0",
      CONTRACT_API_KEY: SANDBOX_API_KEY,
    };
    for (const name of [
      "VITEST",
      "VITEST_WORKER_ID",
      "VITEST_POOL_ID",
      "CONTRACT_TARGET",
      "CONTRACT_BASE_URL",
    ])
      delete env[name];
    const child = spawn(process.execPath, args, {
      cwd: PACKAGE_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), options.suiteTimeoutMs ?? 120_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(timer);
    const failure =
      output
        .split("\n")
        .find((line) => /FAIL|→|refused|expected/.test(line))
        ?.trim() ?? "";
    if (code === 1) return { caught: true, detail: failure };
    if (code === 0) return { caught: false, detail: "every test passed" };
    return { caught: false, error: true, detail: `exit ${code}: ${output.trim().split("\n").at(-1) ?? ""}` };
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}

export async function runGenerate(
  target: BuggyTarget,
  bug: SeededBug,
  options: EngineOptions = {},
): Promise<EngineVerdict> {
  const url = target.url ?? (await target.listen());
  const judge = options.judge ?? createJudge();
  const model = requestModels(judge.doc).find((m) => m.operationId === bug.operationId);
  if (!model) return { caught: false, error: true, detail: `no request model for ${bug.operationId}` };
  const generator = generatorFor(urlContext(url), model, judge, createCoverageModel(judge), {
    cases: options.cases ?? 10,
    seed: options.seed ?? 1,
  });
  const run = await generator.run();
  const first = run.failures[0];
  return first
    ? { caught: true, detail: first.reason }
    : { caught: false, detail: `${run.sent} requests kept the contract` };
}

export async function runStateful(
  target: BuggyTarget,
  _bug: SeededBug,
  options: EngineOptions = {},
): Promise<EngineVerdict> {
  const judge = options.judge ?? createJudge();
  const baseUrl = "http://sandbox.local";
  const ctx = urlContext(baseUrl);
  const env = await createSequenceEnv(ctx, { baseUrl, apiKey: ctx.apiKey, fetch: target.fetch }, judge, {
    tenants: true,
  });
  const result = await runSequences(env, {
    sequences: options.sequences ?? 10,
    seed: options.seed ?? 1,
    maxSteps: 12,
  });
  const failure = result.failure;
  if (!failure) return { caught: false, detail: `${result.sequences} sequences kept every check` };
  if (failure.check === "error") return { caught: false, error: true, detail: failure.message };
  return { caught: true, detail: failure.message };
}

export const ENGINE_RUNS: Record<
  EngineName,
  (target: BuggyTarget, bug: SeededBug, options?: EngineOptions) => Promise<EngineVerdict>
> = { suite: runSuite, generate: runGenerate, stateful: runStateful };
