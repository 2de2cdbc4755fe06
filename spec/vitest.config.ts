import { defineConfig } from "vitest/config";

// The files share one worker and one module graph (the bundle, its compiled validators) instead of a process
// and a graph each, which saves CPU. A file must leave nothing global behind (environment variables, stubbed
// globals).
export default defineConfig({ test: { isolate: false, include: ["*.test.ts", "src/**/*.test.ts"] } });
