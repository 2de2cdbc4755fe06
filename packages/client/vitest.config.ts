import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The files of a worker share one module graph (the spec, its compiled validators) instead of importing
    // it again for each file: on the 2-core machine these tests took 46 s of CPU with a graph per file,
    // 26 s without. A file must leave nothing global behind (environment variables, stubbed globals).
    isolate: false,
    // At least two files at once: most of these tests wait (timers of the retry and timeout middleware, a
    // sandbox or Prism starting), and one file at a time left the core idle. On the 2-core machine: 20.2 s
    // with one worker, 12.0 s with two, for 11.4 s and 12.8 s of CPU (2 runs each).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ["src/**/*.test.ts"],
    testTimeout: 15_000,
    // The type tests (`*.test-d.ts`) are not run here: the `typecheck` target's tsc covers `src`, so a failed
    // `expectTypeOf` fails it. vitest's typecheck mode ran that same tsc over the same tsconfig a second time.
  },
});
