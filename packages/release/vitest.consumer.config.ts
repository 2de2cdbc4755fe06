import { defineConfig } from "vitest/config";

// Publishes through the release command to a throwaway registry, installs with the docs' lines outside the
// workspace, compiles and runs (`pnpm --filter @cloud-contract/release consumer`).
export default defineConfig({
  test: { include: ["src/**/*.consumer.test.ts"], testTimeout: 120_000, hookTimeout: 300_000 },
});
