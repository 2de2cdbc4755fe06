// Runs the contract suite against a running sandbox as one tenant (shared by the scripts that do so).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sandboxVariables } from "../packages/contract-tests/dist/context.js";

const RUN_TIMEOUT_MS = 8 * 60_000;
const BIN = fileURLToPath(new URL("../packages/contract-tests/bin/contract-tests.js", import.meta.url));

/** The CONTRACT_* variables that point the suite at a tenant, seeded (as every tenant) with the sandbox's fixtures. */
export function tenantEnv(url, tenant) {
  return {
    CONTRACT_TARGET: "url",
    CONTRACT_BASE_URL: url,
    CONTRACT_API_KEY: tenant.key,
    CONTRACT_STATEFUL: "1",
    CONTRACT_ALLOW_MUTATIONS: "1",
    ...sandboxVariables(),
  };
}

/**
 * One run of the contract suite (`--target url --stateful` through `env`) with one vitest worker, bounded
 * in time; resolves with its exit code, the totals of its JSON report and its output.
 */
export function runContractSuite(index, env, reportsDir) {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, [BIN, "--reports-dir", reportsDir, "--", "--maxWorkers=1"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      let totals;
      try {
        totals = JSON.parse(readFileSync(join(reportsDir, "contract-url.json"), "utf8")).totals;
      } catch {
        totals = undefined;
      }
      resolve({ index, code, totals, output });
    });
  });
}
