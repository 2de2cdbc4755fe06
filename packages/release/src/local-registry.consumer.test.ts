import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { isRunning } from "./local-registry.js";

const BUILT = fileURLToPath(new URL("../dist/local-registry.js", import.meta.url));

async function gone(pid: number, dir: string): Promise<boolean> {
  const deadline = Date.now() + HANG_DETECTOR_MS;
  while (Date.now() < deadline) {
    if (!isRunning(pid) && !existsSync(dir)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

// What the registry answers and what stop() leaves is checked on the consumer check's own registry
// (consumer.consumer.test.ts); here, the one case that needs a registry of its own.
describe("startLocalRegistry", () => {
  it("is stopped and removed when the process that started it is killed", async () => {
    const owner = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { startLocalRegistry } = await import(${JSON.stringify(BUILT)});
         const r = await startLocalRegistry();
         console.log(JSON.stringify({ pid: r.pid, dir: r.dir }));
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const line = await new Promise<string>((resolve, reject) => {
      owner.once("exit", (code) => reject(new Error(`the owner ended first (exit ${code})`)));
      createInterface({ input: owner.stdout as NodeJS.ReadableStream }).once("line", resolve);
    });
    const { pid, dir } = JSON.parse(line) as { pid: number; dir: string };
    expect(isRunning(pid)).toBe(true);
    expect(existsSync(dir)).toBe(true);
    owner.kill("SIGKILL");
    expect(await gone(pid, dir)).toBe(true);
  });
});
