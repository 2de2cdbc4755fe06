import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { HANG_DETECTOR_MS } from "../../../../scripts/hang-detector.mjs";

/** The package's `cloud-mock` bin (it runs `dist/`). */
export const bin = fileURLToPath(new URL("../../bin/cloud-mock.js", import.meta.url));

/** Spawns the bin with `args`; `out()` and `err()` return what it has written so far. */
export function spawnBin(args: string[]): {
  child: ChildProcessWithoutNullStreams;
  out: () => string;
  err: () => string;
} {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString();
  });
  return { child, out: () => out, err: () => err };
}

/** Starts the bin, waits for "Press Ctrl-C", returns the process and what it printed. */
export async function startBin(
  args: string[],
): Promise<{ child: ChildProcessWithoutNullStreams; out: () => string; err: () => string; url: string }> {
  const { child, out, err } = spawnBin(args);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line:\n${out()}\n${err()}`)), HANG_DETECTOR_MS);
    const check = () => {
      if (out().includes("Press Ctrl-C")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", check);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${out()}\n${err()}`)));
  });
  const url = /listening on (http:\/\/\S+)/.exec(out())?.[1] ?? "";
  return { child, out, err, url };
}
