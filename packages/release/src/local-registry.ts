import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { atProcessEnd, findFreePort } from "@cloud-contract/mock";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { workspacePath } from "./workspace.js";

export interface LocalRegistry {
  /** The registry's URL, with a trailing slash: http://127.0.0.1:<port>/ */
  url: string;
  /** The PID of the Verdaccio process. */
  pid: number;
  /** The registry's folder (config, storage, the publisher's .npmrc); removed by `stop()`. */
  dir: string;
  /** An npm user config holding a token for this registry: what a publisher needs (`npm_config_userconfig`). */
  publisherConfig: string;
  /** Stops Verdaccio and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const VERDACCIO_BIN = join(dirname(require.resolve("verdaccio/package.json")), "bin", "verdaccio");
/** Verdaccio needs Node 22 or later: the workspace's Node 24 (linked by `pnpm install`), else this process's. */
const REGISTRY_NODE = existsSync(workspacePath("node_modules", ".bin", "node"))
  ? workspacePath("node_modules", ".bin", "node")
  : process.execPath;
const READY_WITHIN_MS = HANG_DETECTOR_MS;

/** An offline registry that takes any package from anyone: no uplink, no web UI, warnings only. */
function verdaccioConfig(storage: string): string {
  return [
    `storage: ${JSON.stringify(storage)}`,
    "uplinks: {}",
    "packages:",
    '  "**":',
    "    access: $all",
    "    publish: $all",
    "web:",
    "  enable: false",
    "log: { type: stdout, format: pretty, level: warn }",
    "",
  ].join("\n");
}

/** Whether the process `pid` still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function answersPing(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL("-/ping", url), { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts a throwaway npm registry (Verdaccio) on a free port of 127.0.0.1, its storage in a new folder of the
 * OS temp folder. However this process ends (also killed), a watcher stops the registry and removes the folder.
 */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  const dir = mkdtempSync(join(tmpdir(), "local-registry-"));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(dir, "config.yaml");
  writeFileSync(config, verdaccioConfig(join(dir, "storage")));
  const publisherConfig = join(dir, "publisher.npmrc");
  writeFileSync(publisherConfig, `//127.0.0.1:${port}/:_authToken=local-registry\n`);

  const child = spawn(REGISTRY_NODE, [VERDACCIO_BIN, "--config", config, "--listen", `127.0.0.1:${port}`], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const pid = child.pid;
  if (pid === undefined) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot start Verdaccio with ${REGISTRY_NODE}`);
  }
  const stopAndRemove =
    'kill "$1" 2>/dev/null; i=0; while kill -0 "$1" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i+1)); done; ' +
    'kill -9 "$1" 2>/dev/null; rm -rf "$2"';
  const watcher = atProcessEnd("watch-registry", stopAndRemove, [String(pid), dir]);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    watcher.kill("SIGKILL");
    if (isRunning(pid)) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await answersPing(url))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `Verdaccio did not answer on ${url} (exit ${child.exitCode ?? child.signalCode}):\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid, dir, publisherConfig, stop };
}
