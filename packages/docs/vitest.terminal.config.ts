import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// The README's start commands in a pseudo-terminal (`pnpm --filter @cloud-contract/docs terminal`). They run
// nx inside, and nx without its daemon restores every cached output it depends on (deleting and copying
// `dist` folders), so the nx target `terminal` runs after every other target of `pnpm test`.
export default defineConfig({
  test: { include: ["src/**/*.terminal.test.ts"], ...HANG_DETECTOR_TIMEOUTS },
});
