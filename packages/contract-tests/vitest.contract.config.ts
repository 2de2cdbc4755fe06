// The contract suite started by hand (`vitest run --config vitest.contract.config.ts`): its configuration
// comes from the CONTRACT_* variables. The bin does not read this file: it hands the same options
// (src/suite-options.ts) to vitest's Node API, with the configuration it resolved from its flags.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { loadRunConfig } from "./src/run-config/run-config.js";
import { suiteOptions } from "./src/suite-options.js";

export default defineConfig({
  test: suiteOptions(loadRunConfig(), dirname(fileURLToPath(import.meta.url))).test,
});
