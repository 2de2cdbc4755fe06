import { defineConfig } from "vitest/config";

// The package's own unit tests. The contract suite (*.contract.test.ts) has its own config.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bin/**/*.test.ts"],
    exclude: ["src/**/*.contract.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
