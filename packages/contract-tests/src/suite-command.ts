// How the contract suite is started: its vitest config file, its generated cases' test file, and the vitest
// command line for a process of its own.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package's folder (this file is in its src/ or dist/). */
export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The file of generated cases (`--generated N`, the generate command), relative to the package. */
export const GENERATED_TEST_FILE = "src/generate/generated.contract.test.ts";

/** Vitest's arguments for the suite: `run`, the suite's config, then the caller's. */
function suiteArgs(vitestArgs: readonly string[]): string[] {
  return ["run", "--config", join(packageRoot, "vitest.contract.config.ts"), ...vitestArgs];
}

/** The vitest command line for the suite, as [node script, ...args], for a process of its own. */
export function vitestCommand(vitestArgs: readonly string[]): string[] {
  const require = createRequire(import.meta.url);
  const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");
  return [vitestBin, ...suiteArgs(vitestArgs)];
}
