#!/usr/bin/env node
// `node scripts/run-built.mjs <project>[:<target>] [--release-after-build] -- <command> [args…]`: runs an nx
// project's target (`build` by default), then a command that uses what it built, holding a lock per project from
// before the build until the command says it is up (a message `{ cloudMock: "ready" }` on its IPC channel) or
// ends — or, with --release-after-build, until the build is done (for a command that reads nothing the build's
// dependencies restore). Starts at once (`pnpm mock`, `pnpm sandbox`, `pnpm docs:serve` in three terminals) thus
// take turns: nx restores or rewrites `dist/` only while no other start is loading from it.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import lockfile from "proper-lockfile";
import { nxExitCode, watchInterrupts } from "./nx-exit-code.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const USAGE =
  "usage: node scripts/run-built.mjs <project>[:<target>] [--release-after-build] -- <command> [args…]";
/** How long a start waits for another one's turn before it gives up, and how long a turn may last at most. */
const WAIT_MS = 10 * 60_000;
const TURN_MS = 5 * 60_000;

/**
 * Runs `build`, then `run` (an IPC channel added), inside the lock `lockPath`; the lock is released when `run`
 * announces it is ready, ends, or has held it `turnMs` (with `releaseAfterBuild`, once the build is done).
 * Resolves with `run`'s exit code (2 when the lock or the build failed, 130 when the build was interrupted:
 * `interrupted` says whether Ctrl-C came). `say` takes the lines this script prints itself.
 */
export async function runBuilt({
  lockPath,
  build,
  run,
  say,
  waitMs = WAIT_MS,
  turnMs = TURN_MS,
  releaseAfterBuild = false,
  interrupted = () => false,
}) {
  mkdirSync(join(lockPath, ".."), { recursive: true });
  writeFileSync(lockPath, "", { flag: "a" });
  let release;
  try {
    release = await lockfile.lock(lockPath, {
      stale: 10_000,
      retries: { retries: Math.ceil(waitMs / 250), factor: 1, minTimeout: 250, maxTimeout: 250 },
      // A lock taken over as stale (this process was frozen for 10 s): go on, the other start has its turn.
      onCompromised: () => undefined,
    });
  } catch {
    say(`another start has held the build lock ${lockPath} for ${Math.round(waitMs / 1000)} s; try again`);
    return 2;
  }
  let released = false;
  const releaseOnce = () => {
    if (released) return;
    released = true;
    release().catch(() => undefined);
  };
  try {
    const built = await exitOf(spawn(build[0], build.slice(1), { cwd: ROOT, stdio: "inherit" }));
    if (built !== 0) {
      say(`the build (${build.join(" ")}) failed`);
      return nxExitCode(built, interrupted()) === 130 ? 130 : 2;
    }
    if (releaseAfterBuild) releaseOnce();
    // The channel only for a command that ends the turn itself; an open channel would keep another alive.
    const stdio = releaseAfterBuild ? "inherit" : ["inherit", "inherit", "inherit", "ipc"];
    const child = spawn(run[0], run.slice(1), { cwd: ROOT, stdio });
    const turn = setTimeout(releaseOnce, turnMs);
    child.on("message", (message) => {
      if (message?.cloudMock === "ready") {
        clearTimeout(turn);
        releaseOnce();
        child.disconnect();
      }
    });
    const code = await exitOf(child);
    clearTimeout(turn);
    return code;
  } finally {
    releaseOnce();
  }
}

/** Resolves with the child's exit code, or 128 + the signal's number when a signal ended it. */
function exitOf(child) {
  return new Promise((resolve) => {
    child.on("error", () => resolve(127));
    child.on("exit", (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dash = args.indexOf("--");
  const [task, ...flags] = dash < 0 ? [] : args.slice(0, dash);
  const [project, target = "build"] = (task ?? "").split(":");
  const known = flags.every((flag) => flag === "--release-after-build");
  if (!project || !/^[\w-]+(:[\w-]+)?$/.test(task ?? "") || !known || args.length <= dash + 1) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `run-built: building ${project} first (nx run ${project}:${target}): a few minutes on a fresh clone, seconds once nx has it cached\n`,
  );
  // Ctrl-C reaches the whole foreground group: the command ends itself, and its code is this one's.
  const interrupted = watchInterrupts();
  const code = await runBuilt({
    interrupted,
    lockPath: join(ROOT, "node_modules/.cache/run-built", `${project}.lock`),
    build: [process.execPath, join(ROOT, "node_modules/nx/dist/bin/nx.js"), "run", `${project}:${target}`],
    run: args.slice(dash + 1),
    releaseAfterBuild: flags.includes("--release-after-build"),
    say: (line) => process.stderr.write(`run-built: ${line}\n`),
  });
  process.exit(code);
}
