#!/usr/bin/env node
// `node scripts/nx-exit-code.mjs <nx arguments…>`: runs the workspace's nx and ends with its exit code, but for one
// case: nx 22 exits 130 (as if interrupted) when a task did not run because a task it depends on failed (a type
// error in types:build and `nx run client:build` exits 130, not 1). A 130 that no Ctrl-C caused is reported as 1.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";

const NX = fileURLToPath(new URL("../node_modules/nx/dist/bin/nx.js", import.meta.url));
const INTERRUPTED = 128 + constants.signals.SIGINT;

/** Starts recording the signals a foreground group gets (Ctrl-C reaches every process of it); this one ignores them. */
export function watchInterrupts() {
  let interrupted = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      interrupted = true;
    });
  }
  return () => interrupted;
}

/** nx's exit code as it should read: 130 only when this run was interrupted, 1 for a 130 of nx's own. */
export const nxExitCode = (code, interrupted) => (code === INTERRUPTED && !interrupted ? 1 : code);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const interrupted = watchInterrupts();
  const child = spawn(process.execPath, [NX, ...process.argv.slice(2)], { stdio: "inherit" });
  child.on("exit", (code, signal) => {
    process.exit(nxExitCode(code ?? 128 + (constants.signals[signal] ?? 0), interrupted()));
  });
}
