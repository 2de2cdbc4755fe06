import { defineConfig } from "vitest/config";

// Unit tests only; the package checks (publint/attw) and the consumer check have configs of their own.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    exclude: ["src/**/*.packages.test.ts", "src/**/*.consumer.test.ts"],
  },
});
