// The vitest options of the contract suite for one run's configuration: the same for the bin (vitest's
// Node API, everything in memory) and for vitest started by hand (vitest.contract.config.ts). The reporter
// they include holds the run's reports once it has ended.
import { join } from "node:path";
import type { TestUserConfig } from "vitest/node";
import { createCoverageModel } from "./coverage-report/model.js";
import { createJudge } from "./judge.js";
import { ContractReporter } from "./reporter.js";
import type { RunConfig } from "./run-config/run-config.js";
import { GENERATED_TEST_FILE } from "./suite-command.js";

export interface SuiteOptions {
  test: TestUserConfig;
  reporter: ContractReporter;
}

/** `root` is the package's folder, where the suite's files are. */
export function suiteOptions(config: RunConfig, root: string): SuiteOptions {
  const judge = createJudge();
  const reporter = new ContractReporter({
    config,
    operations: judge.operations,
    documented: createCoverageModel(judge).documented,
  });
  const ownCode = join(root, "src");
  return {
    reporter,
    test: {
      root,
      include: ["src/**/*.contract.test.ts"],
      // Generated cases run only when asked for (--generated N, or the generate command).
      exclude: config.generate.cases > 0 ? [] : [GENERATED_TEST_FILE],
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
      // Hang detectors, not speed limits: a shared CI runner or a slow staging API is slow, not stuck.
      testTimeout: 120_000,
      hookTimeout: 300_000,
      // A failure says what broke in its message; frames of the suite's own code (its harness, its
      // tests) would only point into this package.
      onStackTrace: (_error, frame) => !frame.file.startsWith(ownCode),
      reporters: ["default", reporter],
    },
  };
}
