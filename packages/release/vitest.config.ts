import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// Unit tests only; the package checks (publint/attw) and the consumer check have configs of their own.
// All test files run in one worker over one module graph, so each module loads once.
// A file must leave nothing global behind.
export default defineConfig({
  test: {
    ...HANG_DETECTOR_TIMEOUTS,
    isolate: false,
    include: ["src/**/*.test.ts", "edit-space/**/*.test.ts"],
    exclude: ["src/**/*.packages.test.ts", "src/**/*.consumer.test.ts"],
  },
});
