import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The files of a worker share one module graph (the spec, its compiled validators) instead of importing
    // it again for each file. A file must leave nothing global behind (environment variables, stubbed globals).
    isolate: false,
    include: ["src/**/*.test.ts"],
    // Most files here wait on the processes they start (servers, Prism, PostgreSQL) more than they compute,
    // and vitest's default (one worker less than the cores) would leave one of two cores idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
