import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// The package's own unit tests. The contract suite (*.contract.test.ts) has its own config.
export default defineConfig({
  test: {
    ...HANG_DETECTOR_TIMEOUTS,
    // The files of a worker share one module graph (the spec, its compiled validators) instead of importing
    // it again for each file. A file must leave nothing global behind (environment variables, stubbed globals).
    isolate: false,
    include: ["src/**/*.test.ts", "bin/**/*.test.ts"],
    exclude: ["src/**/*.contract.test.ts"],
    // One recording of the suite's run, made when a file first asks for it, shared by the files that read it.
    globalSetup: ["src/test-support/recorded-suite-setup.ts"],
    // Most files here wait on the processes they start (servers, Prism, PostgreSQL) more than they compute,
    // and vitest's default (one worker less than the cores) would leave one of two cores idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
