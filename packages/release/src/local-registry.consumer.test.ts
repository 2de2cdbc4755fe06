import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isRunning, startLocalRegistry } from "./local-registry.js";

const BUILT = fileURLToPath(new URL("../dist/local-registry.js", import.meta.url));

async function gone(pid: number, dir: string, withinMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid) && !existsSync(dir)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe("startLocalRegistry", () => {
  it("answers as an npm registry, and stop() ends it and removes its folder", async () => {
    const registry = await startLocalRegistry();
    try {
      expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const missing = await fetch(new URL("@cloud-contract%2fno-such-package", registry.url));
      expect(missing.status).toBe(404);
      expect(isRunning(registry.pid)).toBe(true);
    } finally {
      await registry.stop();
    }
    expect(isRunning(registry.pid)).toBe(false);
    expect(existsSync(registry.dir)).toBe(false);
    await registry.stop();
  });

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
