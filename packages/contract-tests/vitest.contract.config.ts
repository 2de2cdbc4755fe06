// The contract suite. The target comes from CONTRACT_TARGET (see src/targets.ts and the README);
// the bin (bin/contract-tests.js) sets it from --target.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { ContractJsonReporter } from "./src/reporter.js";
import { resolveTarget } from "./src/targets.js";
import { listOperations } from "./src/validate.js";

const root = dirname(fileURLToPath(import.meta.url));
const plan = resolveTarget(process.env);
const target = plan.kind === "invalid" ? "invalid" : plan.target;
const reportsDir = process.env.CONTRACT_REPORTS_DIR?.trim() || join(root, "reports");

// The real target without credentials: one line, no tests, exit 0 (the bin usually says it first).
if (plan.kind === "skip") process.stdout.write(`${plan.message}\n`);

export default defineConfig({
  test: {
    root,
    include: plan.kind === "skip" ? [] : ["src/**/*.contract.test.ts"],
    // The suite ships inside node_modules when installed; nothing of it is excluded.
    exclude: [],
    passWithNoTests: plan.kind === "skip",
    globalSetup: ["./src/global-setup.ts"],
    // One target, one state: files run one after another, in one module graph (validators compile once).
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: [
      "default",
      ["junit", { suiteName: `contract-${target}` }],
      new ContractJsonReporter({
        target,
        outputFile: join(reportsDir, `contract-${target}.json`),
        operations: listOperations(),
      }),
    ],
    outputFile: { junit: join(reportsDir, `contract-${target}.xml`) },
  },
});
