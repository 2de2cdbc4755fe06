#!/usr/bin/env node
// `node scripts/bench-restart.mjs [ROUNDS]`: how long `pnpm sandbox` and `pnpm mock` take from the command to the
// README's first call answered (GET /cloud/v1/tasks/1/1/active), started ROUNDS times each (default 3) with nothing
// changed in between, on free ports; each start is ended with Ctrl-C (SIGINT to its process group) before the next.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const rounds = Number(process.argv[2] ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Seconds from the start of `pnpm <script> --port P` to a 200 on the README's call; then the start is ended. */
async function timeStart(script) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("pnpm", [script, "--port", String(port)], {
    cwd: ROOT,
    detached: true,
    stdio: "ignore",
  });
  const ended = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pnpm ${script} ended (exit ${child.exitCode})`);
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/cloud/v1/tasks/1/1/active`, {
          headers: { Authorization: "apikey sandbox-api-key" },
          signal: AbortSignal.timeout(1_000),
        });
        await answer.body?.cancel();
        if (answer.status === 200) return (performance.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    process.kill(-child.pid, "SIGINT");
    await ended;
  }
}

for (const script of ["sandbox", "mock"]) {
  const seconds = [];
  for (let round = 0; round < rounds; round++) seconds.push(await timeStart(script));
  console.log(`pnpm ${script}: ${seconds.map((s) => `${s.toFixed(1)} s`).join(", ")} to the first answer`);
}
