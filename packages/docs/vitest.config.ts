import { defineConfig } from "vitest/config";

// One browser test file drives Chromium for a while; the rest are quick. The terminal starts
// (*.terminal.test.ts) have a target of their own that runs last: see vitest.terminal.config.ts.
// The files share one worker and one module graph instead of a process and a graph each (35.4 s of CPU with
// a graph per file, 31.2 s without; medians of 3). A file must leave nothing global behind.
export default defineConfig({
  test: {
    isolate: false,
    include: ["src/**/*.test.ts"],
    exclude: ["src/**/*.terminal.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
