import { defineConfig } from "vitest/config";

// Unit tests only; the package checks (publint/attw) and the consumer check have configs of their own.
// The files share one worker and one module graph instead of a process and a graph each, which saves CPU.
// A file must leave nothing global behind.
export default defineConfig({
  test: {
    isolate: false,
    include: ["src/**/*.test.ts"],
    exclude: ["src/**/*.packages.test.ts", "src/**/*.consumer.test.ts"],
  },
});
