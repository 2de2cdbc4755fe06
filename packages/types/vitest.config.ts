import { defineConfig } from "vitest/config";

// The files share one worker and one module graph instead of a process and a graph each, which saves CPU.
// A file must leave nothing global behind.
export default defineConfig({ test: { isolate: false, include: ["src/**/*.test.ts"] } });
