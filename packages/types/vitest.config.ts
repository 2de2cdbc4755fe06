import { defineConfig } from "vitest/config";

// All test files run in one worker over one module graph, so each module loads once.
// A file must leave nothing global behind.
export default defineConfig({ test: { isolate: false, include: ["src/**/*.test.ts"] } });
