import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// Publishes through the release command to a throwaway registry, installs with the docs' lines outside the
// workspace, compiles and runs (`pnpm --filter @cloud-contract/release consumer`).
export default defineConfig({
  test: { include: ["src/**/*.consumer.test.ts"], ...HANG_DETECTOR_TIMEOUTS },
});
