// What vitest provides to the suite's global setup and tests: the run's configuration (from the vitest
// config) and the target's context (from the global setup).
import type { ContractContext } from "./context.js";
import type { RunConfig } from "./run-config/run-config.js";

declare module "vitest" {
  interface ProvidedContext {
    run: RunConfig;
    contract: ContractContext;
  }
}
