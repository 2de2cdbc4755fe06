// The contract suite. Its configuration is one typed object (src/run-config/run-config.ts): the bin
// resolves it from its flags and the CONTRACT_* variables and hands it over; vitest started by hand with
// this config resolves it from the environment. It is provided to the global setup and the tests.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { createCoverageModel } from "./src/coverage-report/model.js";
import { createJudge } from "./src/judge.js";
import { ContractReporter } from "./src/reporter.js";
import { loadRunConfig } from "./src/run-config/run-config.js";

const root = dirname(fileURLToPath(import.meta.url));
const config = loadRunConfig();
const judge = createJudge();

const GENERATED_FILE = "src/generate/generated.contract.test.ts";

export default defineConfig({
  test: {
    root,
    include: ["src/**/*.contract.test.ts"],
    // Generated cases run only when asked for (--generated N, or the generate command).
    exclude: config.generate.cases > 0 ? [] : [GENERATED_FILE],
    globalSetup: ["./src/global-setup.ts"],
    provide: { run: config },
    // One target, one state: files run one after another, in one module graph (validators compile once).
    fileParallelism: false,
    isolate: false,
    // That one worker is a thread of vitest's process, not a process of its own: no second Node to start
    // and no copying of messages between processes.
    pool: "threads",
    // The suite's files as transformed are kept on disk (node_modules/.experimental-vitest-cache, keyed by
    // content) and shared by later runs, so a run starts sooner; `pnpm test` runs the suite many times.
    // Deleting the folder is always safe.
    experimental: { fsModuleCache: true },
    // The workspace's built packages (the spec's model and its 1 MB bundle, the client, the mock) are
    // imported by Node itself, as they are where a user installs this package into node_modules. Left to
    // vite, they would be transformed, hashed, sent to the worker and evaluated again in every run.
    server: { deps: { external: [/\/(spec|packages\/[\w-]+)\/dist\//] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: [
      "default",
      new ContractReporter({
        config,
        operations: judge.operations,
        documented: createCoverageModel(judge).documented,
      }),
    ],
  },
});
