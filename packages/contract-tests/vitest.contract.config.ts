// The contract suite. The target comes from CONTRACT_TARGET (see src/targets.ts and the README);
// the bin (bin/contract-tests.js) sets it from --target, and CONTRACT_GENERATED / CONTRACT_RUN_NAME /
// CONTRACT_SHARD from --generated, the generate command and --shard.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { createCoverageModel } from "./src/coverage-report/model.js";
import { readGenerateSettings } from "./src/generate/settings.js";
import { createJudge } from "./src/judge.js";
import { parseShard, reportFiles } from "./src/report-files.js";
import { ContractJsonReporter } from "./src/reporter.js";
import { resolveTarget } from "./src/targets.js";

const root = dirname(fileURLToPath(import.meta.url));
const plan = resolveTarget(process.env);
const target = plan.kind === "invalid" ? "invalid" : plan.target;
const reportsDir = process.env.CONTRACT_REPORTS_DIR?.trim() || join(root, "reports");
const shardText = process.env.CONTRACT_SHARD?.trim();
const shard = shardText ? parseShard(shardText) : undefined;
const runName = process.env.CONTRACT_RUN_NAME?.trim() || "contract";
const files = reportFiles(reportsDir, runName, target, shard);
const generated = readGenerateSettings(process.env);
const judge = createJudge();

// The real target without credentials: one line, no tests, exit 0 (the bin usually says it first).
if (plan.kind === "skip") process.stdout.write(`${plan.message}\n`);

const GENERATED_FILE = "src/generate/generated.contract.test.ts";

export default defineConfig({
  test: {
    root,
    include: plan.kind === "skip" ? [] : ["src/**/*.contract.test.ts"],
    // Generated cases run only when asked for (--generated N, or the generate command).
    exclude: generated.cases > 0 ? [] : [GENERATED_FILE],
    passWithNoTests: plan.kind === "skip",
    globalSetup: ["./src/global-setup.ts"],
    // One target, one state: files run one after another, in one module graph (validators compile once).
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: [
      "default",
      ["junit", { suiteName: `${runName}-${target}` }],
      new ContractJsonReporter({
        target,
        outputFile: files.summary,
        operations: judge.operations,
        coverage: { outputFile: files.coverage, documented: createCoverageModel(judge).documented },
      }),
    ],
    outputFile: { junit: files.junit },
  },
});
