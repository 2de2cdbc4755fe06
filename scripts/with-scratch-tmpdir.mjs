#!/usr/bin/env node
// Runs a command with TMPDIR set to a folder of its own, and removes that folder when the command ends:
//   node scripts/with-scratch-tmpdir.mjs <command> [args…]
// `pnpm test` runs nx through it. The tests make and delete throwaway folders all the time (PostgreSQL
// clusters, an npm install of the packed packages, LMDB files, browser profiles, reports). The folder is on
// /dev/shm, a RAM-backed tmpfs, when that has room and TMPDIR is not set: that work costs the kernel far
// less CPU in memory than on disk (BENCHMARKS.md). Otherwise the folder is made in the usual temp folder.
// Either way nothing a test leaves behind outlives the run.
import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { constants as osConstants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** What statfs reports as the type of a tmpfs (Linux's TMPFS_MAGIC). */
const TMPFS = 0x01021994;
/** Free room a tmpfs needs to be used: the tests' largest folders together stay well below 1 GiB. */
const NEEDED_BYTES = 2 * 1024 ** 3;

/** Whether `dir` is on a tmpfs (false when it cannot be read). */
export function isTmpfs(dir) {
  try {
    return statfsSync(dir).type === TMPFS;
  } catch {
    return false;
  }
}

/**
 * The folder to make the run's temp folder in: the OS temp folder when TMPDIR is set (the user chose it),
 * else the first candidate that is a writable tmpfs with `needed` bytes free, else the OS temp folder.
 */
export function scratchParent(env = process.env, candidates = ["/dev/shm"], needed = NEEDED_BYTES) {
  if (env.TMPDIR) return tmpdir();
  for (const dir of candidates) {
    try {
      accessSync(dir, constants.W_OK);
      const { bavail, bsize } = statfsSync(dir);
      if (isTmpfs(dir) && bavail * bsize >= needed) return dir;
    } catch {
      // Missing or not writable: try the next one.
    }
  }
  return tmpdir();
}

function main(argv) {
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h") {
    const usage = "usage: node scripts/with-scratch-tmpdir.mjs <command> [args…]";
    if (argv.length === 0) {
      console.error(usage);
      process.exit(2);
    }
    console.log(
      `${usage}\nRuns the command with TMPDIR set to a new folder (on /dev/shm when it is a tmpfs with room\nand TMPDIR is not set), and removes the folder when the command ends.`,
    );
    process.exit(0);
  }
  const dir = mkdtempSync(join(scratchParent(), "cloud-contract-tmp-"));
  // As /tmp: other users (the tests run PostgreSQL as `postgres`) can reach folders made inside it.
  chmodSync(dir, 0o1777);
  console.error(`temporary files of this run: ${dir} (removed at the end)`);
  const child = spawn(argv[0], argv.slice(1), { stdio: "inherit", env: { ...process.env, TMPDIR: dir } });
  // The command decides how to stop: a signal sent to this process is passed on, and the folder is removed
  // once the command has ended.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.exitCode === null && child.kill(signal));
  }
  const finish = (code) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  };
  child.once("error", (error) => {
    console.error(`cannot run ${argv[0]}: ${error.message}`);
    finish(127);
  });
  child.once("exit", (code, signal) => finish(code ?? 128 + (osConstants.signals[signal] ?? 1)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
