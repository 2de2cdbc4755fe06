// The command line of the package: turns flags into CONTRACT_* variables and runs vitest with the
// suite's own config. `bin/contract-tests.js` calls main().
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type Env, resolveTarget, TARGET_NAMES } from "./targets.js";

export const USAGE = `Usage: contract-tests [--target prism|sandbox|real|url] [--base-url URL] [--api-key KEY]
                      [--stateful] [--allow-mutations | --read-only] [--reports-dir DIR] [-- VITEST_ARGS…]

Runs the cloud-contract suite against a target:
  prism    (default) starts the Prism mock on a free port
  sandbox  starts the stateful sandbox on a free port
  real     the real API; needs CONTRACT_BASE_URL, CONTRACT_API_KEY and the CONTRACT_*_ID variables
  url      any running server at --base-url (shape and negative tests; --stateful adds behaviour tests)

Flags set the matching environment variables (CONTRACT_TARGET, CONTRACT_BASE_URL, CONTRACT_API_KEY,
CONTRACT_STATEFUL, CONTRACT_ALLOW_MUTATIONS, CONTRACT_REPORTS_DIR). Reports go to ./reports unless told.
Prefer CONTRACT_API_KEY over --api-key: flags are visible to other users of the machine. Arguments
after -- go to vitest (for example -t getTask).
`;

export interface CliPlan {
  env: Record<string, string | undefined>;
  vitestArgs: string[];
  help: boolean;
}

/**
 * Reads the flags; throws on an unknown flag or a missing value. The reports directory is resolved
 * against `cwd` (default `reports/` there): vitest itself runs in the package's directory.
 */
export function parseCli(argv: readonly string[], env: Env, cwd = process.cwd()): CliPlan {
  const split = argv.indexOf("--");
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const vitestArgs = split === -1 ? [] : argv.slice(split + 1);
  const { values, positionals } = parseArgs({
    args: own,
    allowPositionals: true,
    options: {
      target: { type: "string" },
      "base-url": { type: "string" },
      "api-key": { type: "string" },
      stateful: { type: "boolean" },
      "allow-mutations": { type: "boolean" },
      "read-only": { type: "boolean" },
      "reports-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (positionals.length > 0)
    throw new Error(`unexpected argument ${positionals[0]} (vitest arguments go after --)`);
  if (values.target !== undefined && !(TARGET_NAMES as readonly string[]).includes(values.target)) {
    throw new Error(`--target must be one of ${TARGET_NAMES.join(", ")}`);
  }
  if (values["allow-mutations"] && values["read-only"])
    throw new Error("--allow-mutations and --read-only exclude each other");
  const out: Record<string, string | undefined> = { ...env };
  if (values.target !== undefined) out.CONTRACT_TARGET = values.target;
  if (values["base-url"] !== undefined) out.CONTRACT_BASE_URL = values["base-url"];
  if (values["api-key"] !== undefined) out.CONTRACT_API_KEY = values["api-key"];
  if (values.stateful) out.CONTRACT_STATEFUL = "1";
  if (values["allow-mutations"]) out.CONTRACT_ALLOW_MUTATIONS = "1";
  if (values["read-only"]) out.CONTRACT_ALLOW_MUTATIONS = "0";
  out.CONTRACT_REPORTS_DIR = resolve(
    cwd,
    values["reports-dir"] ?? (env.CONTRACT_REPORTS_DIR?.trim() || "reports"),
  );
  return { env: out, vitestArgs, help: values.help === true };
}

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The vitest command line for the suite, as [node script, ...args]. */
export function vitestCommand(vitestArgs: readonly string[]): string[] {
  const require = createRequire(import.meta.url);
  const vitestBin = join(dirname(require.resolve("vitest/package.json")), "vitest.mjs");
  return [vitestBin, "run", "--config", join(packageRoot, "vitest.contract.config.ts"), ...vitestArgs];
}

/** Runs the suite; resolves to the exit code. Output goes to the given streams. */
export async function main(
  argv: readonly string[] = process.argv.slice(2),
  env: Env = process.env,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  let plan: CliPlan;
  try {
    plan = parseCli(argv, env);
  } catch (error) {
    out.write(`contract-tests: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (plan.help) {
    out.write(USAGE);
    return 0;
  }
  const target = resolveTarget(plan.env);
  if (target.kind === "skip") {
    out.write(`${target.message}\n`);
    return 0;
  }
  if (target.kind === "invalid") {
    out.write(`contract-tests: ${target.message}\n`);
    return 2;
  }
  const [script, ...args] = vitestCommand(plan.vitestArgs);
  const child = spawn(process.execPath, [script as string, ...args], {
    cwd: packageRoot,
    env: plan.env,
    stdio: "inherit",
  });
  // Ctrl-C reaches vitest directly (same process group): wait for it to stop its servers.
  // A SIGTERM sent to this process alone is passed on.
  const ignore = () => {};
  const forward = () => child.kill("SIGTERM");
  process.on("SIGINT", ignore);
  process.on("SIGTERM", forward);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    process.off("SIGINT", ignore);
    process.off("SIGTERM", forward);
  }
}
