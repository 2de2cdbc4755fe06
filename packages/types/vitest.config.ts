import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// All test files run in one worker over one module graph, so each module loads once.
// A file must leave nothing global behind.
export default defineConfig({
  test: { ...HANG_DETECTOR_TIMEOUTS, isolate: false, include: ["src/**/*.test.ts"] },
});
