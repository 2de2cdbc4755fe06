import { type ChildProcess, spawn } from "node:child_process";
import type { Socket } from "node:net";

/**
 * Runs `onEnd` (a shell script; `$1`… are `args`) when this process ends, however it ends (Ctrl-C, a crash,
 * SIGKILL): a shell of its own session waits for its stdin, a pipe from this process, to close, and ignores the
 * signals a terminal or a process-tree kill sends. `name` is its `$0`, which names it in the process list.
 * Neither the shell nor its pipe keeps this process alive.
 */
export function atProcessEnd(name: string, onEnd: string, args: string[]): ChildProcess {
  const watcher = spawn("sh", ["-c", `trap '' INT TERM HUP; read -r _; ${onEnd}`, name, ...args], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
  });
  watcher.unref();
  (watcher.stdin as Socket | null)?.unref();
  return watcher;
}
