import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { HANG_DETECTOR_TIMEOUTS } from "../../scripts/hang-detector.mjs";

// One browser test file drives Chromium for a while; the rest are quick. The terminal starts
// (*.terminal.test.ts) have a target of their own that runs last: see vitest.terminal.config.ts.
// All test files run in one worker over one module graph, so each module loads once.
// A file must leave nothing global behind.
export default defineConfig({
  test: {
    ...HANG_DETECTOR_TIMEOUTS,
    isolate: false,
    // At least two files at once: the browser tests wait on Chromium and the examples on the sandbox and
    // Prism, so one file at a time would leave a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ["src/**/*.test.ts"],
    exclude: ["src/**/*.terminal.test.ts"],
    // The workspace's built packages' modules load as Node loads them for a user (native import), not through
    // Vite's transform: they are JavaScript already, and the tests check them as they ship. (Data files such as a
    // JSON bundle that sources import stay with Vite, which reads them without an import attribute.)
    server: { deps: { external: [/\/packages\/[^/]+\/dist\/.*\.js$/, /\/spec\/dist\/.*\.js$/] } },
  },
});
