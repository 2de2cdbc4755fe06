import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../scripts/hang-detector.mjs";

// All test files run in one worker over one module graph, so the bundle and its compiled validators load once.
// A file must leave nothing global behind (environment variables, stubbed globals).
export default defineConfig({
  test: { ...HANG_DETECTOR_TIMEOUTS, isolate: false, include: ["*.test.ts", "src/**/*.test.ts"] },
});
