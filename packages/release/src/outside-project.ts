import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { WORKSPACE_ROOT } from "./workspace.js";

/**
 * The environment of a project outside the workspace, as a user's shell has it: no folder of the workspace on
 * PATH (so `node`, `npm` and `pnpm` are the machine's, not the Node 24 that `pnpm install` put in
 * node_modules/.bin), no NODE_PATH (pnpm's launchers set it to the workspace's packages) and none of the
 * npm_* variables a package manager running this process sets.
 */
export function outsideEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== "NODE_PATH") env[key] = value;
  }
  env.CI = "true";
  env.PATH = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "" && !dir.startsWith(WORKSPACE_ROOT))
    .join(delimiter);
  // A user's default: each process compiles its own validators (the workspace's tests keep theirs).
  delete env.CLOUD_CONTRACT_VALIDATOR_CACHE;
  return env;
}

export type Run = Omit<SpawnSyncReturns<string>, "output"> & { output: string };

/** Runs a program in `cwd` with the outside environment. */
export function runOutside(command: string, args: string[], cwd: string, timeout = HANG_DETECTOR_MS): Run {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout, env: outsideEnv() });
  return { ...result, output: `${result.stdout ?? ""}\n${result.stderr ?? ""}` };
}

/**
 * A new empty folder under the OS temp folder (so no node_modules of the workspace is found by walking up)
 * whose `.npmrc` points only the @cloud-contract scope at `registry`: everything else comes from the
 * user's usual registry.
 */
export function emptyProject(prefix: string, registry: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, ".npmrc"), `@cloud-contract:registry=${registry}\n`);
  return dir;
}

/** Runs install lines exactly as printed, one shell each, in `project`; throws with the output of one that fails. */
export function runInstallLines(lines: readonly string[], project: string): Run[] {
  return lines.map((line) => {
    const run = runOutside("sh", ["-c", line], project);
    if (run.status !== 0)
      throw new Error(`\`${line}\` failed (exit ${run.status ?? run.signal}):\n${run.output}`);
    return run;
  });
}
