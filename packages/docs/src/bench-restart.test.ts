// BENCHMARKS.md's `node scripts/bench-restart.mjs 3`, run as printed with one round (no figure is judged): the
// root's bench of `pnpm sandbox` and `pnpm mock` started again must keep working, as the packages' benches do.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

it("BENCHMARKS.md lists the restart bench, and it runs with one round", async () => {
  expect(readFileSync(`${root}/BENCHMARKS.md`, "utf8")).toContain("| `node scripts/bench-restart.mjs 3` |");
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/bench-restart.mjs", "1"], { cwd: root });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("close", (exit) => resolve({ code: exit, output }));
  });
  expect(code, output).toBe(0);
  expect(output).toMatch(/^pnpm sandbox: \d+\.\d s to the first answer$/m);
  expect(output).toMatch(/^pnpm mock: \d+\.\d s to the first answer$/m);
});
