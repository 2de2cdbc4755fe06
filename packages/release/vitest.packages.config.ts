import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// publint + attw on the tarball of every published package (`pnpm --filter @cloud-contract/release check-packages`).
export default defineConfig({
  test: { include: ["src/**/*.packages.test.ts"], ...HANG_DETECTOR_TIMEOUTS },
});
