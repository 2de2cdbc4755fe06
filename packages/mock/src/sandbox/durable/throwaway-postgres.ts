import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const POSTGRES_INSTALL_HINT =
  "PostgreSQL is needed for the sandbox's PostgreSQL tests and was not found (no /usr/lib/postgresql/*/bin/pg_ctl, " +
  "POSTGRES_BIN unset). Install it with `apt-get install postgresql` (Debian), or run `node scripts/ensure-system-deps.mjs` " +
  "from the repository root, which `pnpm test` does first.";

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

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server the way a crash would (`pg_ctl stop -m immediate`), keeping its data. */
  halt(): void;
  /** Starts the halted server again on the same port and data; returns once it accepts connections. */
  resume(): void;
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
  const dir = mkdtempSync(join(tmpdir(), "sandbox-pg-"));
  const data = join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  run(bin, "initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
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
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
    resume: start,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
