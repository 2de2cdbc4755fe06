import { defineConfig } from "vitest/config";

// One browser test file drives Chromium for a while; the rest are quick. The terminal starts
// (*.terminal.test.ts) have a target of their own that runs last: see vitest.terminal.config.ts.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    exclude: ["src/**/*.terminal.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
