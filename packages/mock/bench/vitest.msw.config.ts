import { defineConfig } from "vitest/config";

// Only the MSW benchmark's suite (bench/msw.mjs), in one worker.
export default defineConfig({
  test: { include: ["bench/msw-suite.vitest.ts"], maxWorkers: 1, testTimeout: 30_000 },
});
