import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

export default defineConfig({
  test: {
    ...HANG_DETECTOR_TIMEOUTS,
    // The files of a worker share one module graph (the spec, its compiled validators) instead of importing
    // it again for each file. A file must leave nothing global behind (environment variables, stubbed globals).
    isolate: false,
    include: ["src/**/*.test.ts"],
    // Most files here wait on the processes they start (servers, Prism, PostgreSQL) more than they compute,
    // and vitest's default (one worker less than the cores) would leave one of two cores idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
