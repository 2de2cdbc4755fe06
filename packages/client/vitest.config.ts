import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The files of a worker share one module graph (the spec, its compiled validators) instead of importing
    // it again for each file: on the 2-core machine these tests took 46 s of CPU with a graph per file,
    // 26 s without. A file must leave nothing global behind (environment variables, stubbed globals).
    isolate: false,
    include: ["src/**/*.test.ts"],
    testTimeout: 15_000,
    // The type tests (`*.test-d.ts`) are not run here: the `typecheck` target's tsc covers `src`, so a failed
    // `expectTypeOf` fails it. vitest's typecheck mode ran that same tsc over the same tsconfig a second time.
  },
});
