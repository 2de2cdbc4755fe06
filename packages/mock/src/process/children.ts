import type { ChildProcess } from "node:child_process";

// Every child process this package starts is registered here until it has exited, so that none outlives
// the parent: on `exit`, SIGINT, SIGTERM and SIGHUP the remaining ones are killed by PID.

const live = new Set<ChildProcess>();
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
let hooked = false;

function killAllNow(): void {
  for (const child of live) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAllNow();
  unhook();
  // Without our listener the default action applies again, unless someone else listens.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", killAllNow);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function unhook(): void {
  if (!hooked) return;
  hooked = false;
  process.off("exit", killAllNow);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** Registers a child so that it is killed when this process exits or is interrupted. */
export function trackChild(child: ChildProcess): void {
  live.add(child);
  hook();
  child.once("exit", () => {
    live.delete(child);
    if (live.size === 0) unhook();
  });
}

/** How many tracked children are still running (for tests). */
export function liveChildCount(): number {
  return live.size;
}

/**
 * Stops a child by PID: SIGTERM first, SIGKILL after `graceMs`. Resolves once it has exited.
 */
export function stopChild(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    live.delete(child);
    return Promise.resolve();
  }
  const pid = child.pid;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }, graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
