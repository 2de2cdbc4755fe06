import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

export default defineConfig({
  test: {
    ...HANG_DETECTOR_TIMEOUTS,
    // The files of a worker share one module graph (the spec, its compiled validators) instead of importing
    // it again for each file. A file must leave nothing global behind (environment variables, stubbed globals).
    isolate: false,
    // At least two files at once: most of these tests wait (timers of the retry and timeout middleware, a
    // sandbox or Prism starting), and one file at a time would leave a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ["src/**/*.test.ts"],
    // The type tests (`*.test-d.ts`) are not run here: the `typecheck` target's tsc covers `src`, so a failed
    // `expectTypeOf` fails it; vitest's typecheck mode would run that same tsc a second time.
  },
});
