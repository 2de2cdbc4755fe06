import { defineConfig } from "vitest/config";

// One browser test file drives Chromium for a while; the rest are quick.
export default defineConfig({
  test: { include: ["src/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
});
