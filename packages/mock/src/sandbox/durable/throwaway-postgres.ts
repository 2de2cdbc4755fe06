import { type ChildProcess, execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { atProcessEnd } from "../../process/at-process-end.js";

export const POSTGRES_INSTALL_HINT =
  "PostgreSQL is needed for the sandbox's PostgreSQL tests and was not found (no /usr/lib/postgresql/*/bin/pg_ctl, " +
  "POSTGRES_BIN unset). Install it with `apt-get install postgresql` (Debian), or run " +
  "`node scripts/ensure-system-deps.mjs postgresql` from the repository root, as `pnpm test` does before the tests " +
  "that need it.";

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Runs a PostgreSQL program, as the `postgres` user when we are root (the server refuses to run as root). */
function run(bin: string, program: string, args: string[]): void {
  const path = join(bin, program);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", path, ...args], { encoding: "utf8" })
    : spawnSync(path, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/** Makes `dir` the `postgres` user's when we are root (the server refuses to run as root), and private. */
function ownForServer(dir: string): void {
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
}

/**
 * A freshly initialised data folder per folder of PostgreSQL programs, made once per process: every server
 * starts from a copy of it, which is much cheaper than initdb, and a test worker of the sandbox starts several
 * servers. The folder goes when the process ends.
 */
const templates = new Map<string, string>();

function templateData(bin: string): string {
  let data = templates.get(bin);
  if (data === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "postgres-template-"));
    atProcessEnd("watch-folder", 'rm -rf "$1"', [dir]);
    ownForServer(dir);
    data = join(dir, "data");
    run(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    templates.set(bin, data);
  }
  return data;
}

/**
 * A watcher that ends the server and removes its folder when this process ends without calling `stop()`:
 * `pg_ctl start` detaches the server, which would otherwise run on with its folder left behind. It stops the
 * server by its PID (SIGQUIT, PostgreSQL's immediate shutdown), which needs no data folder: the folder may be
 * gone by then (the run's temp folder is removed at its end).
 */
function watchServer(postmasterPid: number, dir: string): ChildProcess {
  const stopAndRemove =
    'kill -QUIT "$1" 2>/dev/null; ' +
    'i=0; while kill -0 "$1" 2>/dev/null && [ "$i" -lt 100 ]; do sleep 0.1; i=$((i+1)); done; rm -rf "$2"';
  return atProcessEnd("watch-postgres", stopAndRemove, [String(postmasterPid), dir]);
}

/**
 * Sends `signal` to the server's postmaster and to each of its processes (its children in /proc), the
 * postmaster first so that it starts no new one meanwhile.
 */
function signalServer(postmaster: number, signal: NodeJS.Signals): void {
  process.kill(postmaster, signal);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(join("/proc", entry, "stat"), "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // The fields after the command's closing parenthesis: state, then the parent's PID.
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (parent === postmaster) process.kill(Number(entry), signal);
  }
}

/** The PID of the server running on `data` (the first line of its postmaster.pid). */
export function postmasterPid(data: string): number {
  return Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
}

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server the way a crash would (`pg_ctl stop -m immediate`), keeping its data. */
  halt(): void;
  /** Starts the halted server again on the same port and data; returns once it accepts connections. */
  resume(): void;
  /**
   * Freezes the server and every process of it (SIGSTOP), as a hung host or a partition would: connections
   * stay open and nothing answers until {@link thaw}.
   */
  freeze(): void;
  /** Lets a frozen server run on (SIGCONT). */
  thaw(): void;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL server of its own in a temporary folder on a free port of 127.0.0.1 (trust
 * authentication, user `postgres`), for a test file or a benchmark; `stop()` stops it and removes the
 * folder. `bin` is the folder of `initdb` and `pg_ctl`; without one it fails with an install hint (the
 * PostgreSQL tests are never skipped).
 */
export async function startPostgres(bin: string | undefined): Promise<ThrowawayPostgres> {
  if (!bin) throw new Error(POSTGRES_INSTALL_HINT);
  const template = templateData(bin);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "sandbox-pg-"));
  const data = join(dir, "data");
  const start = () =>
    run(bin, "pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -h 127.0.0.1`,
      "-w",
      "start",
    ]);
  let watcher: ChildProcess | undefined;
  const startWatched = () => {
    start();
    watcher = watchServer(postmasterPid(data), dir);
  };
  /** Ends the watcher of a server that is stopped here (SIGKILL: it ignores the others). */
  const unwatch = () => {
    watcher?.kill("SIGKILL");
    watcher = undefined;
  };
  try {
    ownForServer(dir);
    // -a keeps the owner (postgres) and the modes the server insists on.
    execFileSync("cp", ["-a", template, data]);
    startWatched();
  } catch (error) {
    // A server that did not start leaves nothing behind: one pg_ctl gave up waiting for is stopped first.
    try {
      run(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // No server runs on that folder.
    }
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => {
      unwatch();
      run(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    resume: startWatched,
    freeze: () => signalServer(postmasterPid(data), "SIGSTOP"),
    thaw: () => signalServer(postmasterPid(data), "SIGCONT"),
    async stop() {
      if (stopped) return;
      stopped = true;
      signalServer(postmasterPid(data), "SIGCONT");
      unwatch();
      try {
        run(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
