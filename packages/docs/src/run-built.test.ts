// scripts/run-built.mjs, behind `pnpm mock` and `pnpm sandbox`: a start's build never rewrites the output
// another start is loading from. Real processes: a "build" that deletes and rewrites its output folder file by
// file, and a "server" that reads every file of it at start, then says it is ready (or dies of a missing one).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBuilt } from "../../../scripts/run-built.mjs";

const work = mkdtempSync(join(tmpdir(), "run-built-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const out = join(work, "dist");
const FILES = 40;

/** Deletes the output and writes it again, a file every 10 ms, as a cache restore or a compile does. */
const buildScript = join(work, "build.mjs");
writeFileSync(
  buildScript,
  `import { mkdirSync, rmSync, writeFileSync } from "node:fs";
rmSync(${JSON.stringify(out)}, { recursive: true, force: true });
mkdirSync(${JSON.stringify(out)});
for (let i = 0; i < ${FILES}; i++) {
  writeFileSync(${JSON.stringify(out)} + "/m" + i + ".txt", "module " + i);
  await new Promise((r) => setTimeout(r, 10));
}
`,
);
/** Reads every file of the output over ~200 ms (its module graph), then announces it is up and ends. */
const serverScript = join(work, "server.mjs");
writeFileSync(
  serverScript,
  `import { readFileSync } from "node:fs";
for (let i = 0; i < ${FILES}; i++) {
  readFileSync(${JSON.stringify(out)} + "/m" + i + ".txt");
  await new Promise((r) => setTimeout(r, 5));
}
process.send({ cloudMock: "ready" });
process.exitCode = 0;
`,
);

const start = (lockPath: string, said: string[]) =>
  runBuilt({
    lockPath,
    build: [process.execPath, buildScript],
    run: [process.execPath, serverScript],
    say: (line: string) => said.push(line),
  });

describe("run-built", () => {
  it("two starts at once take turns: each server loads a whole output, none dies of a file the other build removed", async () => {
    const lockPath = join(work, "locks", "dist.lock");
    const said: string[] = [];
    for (let round = 0; round < 3; round++) {
      const codes = await Promise.all([start(lockPath, said), start(lockPath, said), start(lockPath, said)]);
      expect(codes).toEqual([0, 0, 0]);
    }
    expect(said).toEqual([]);
  });

  it("a failed build is exit 2 with one line, and frees the lock for the next start", async () => {
    const lockPath = join(work, "locks", "failing.lock");
    const said: string[] = [];
    const failing = await runBuilt({
      lockPath,
      build: [process.execPath, "-e", "process.exit(1)"],
      run: [process.execPath, serverScript],
      say: (line: string) => said.push(line),
    });
    expect(failing).toBe(2);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/the build \(.*\) failed/);
    expect(await start(lockPath, [])).toBe(0);
  });

  it("a server that never says it is ready holds the turn no longer than its bound, and its exit code comes back", async () => {
    const lockPath = join(work, "locks", "silent.lock");
    const silent = runBuilt({
      lockPath,
      build: [process.execPath, "-e", ""],
      run: [process.execPath, "-e", "setTimeout(() => process.exit(3), 5000)"],
      say: () => undefined,
      turnMs: 200,
    });
    // The next start gets its turn, and is done, while the silent server still runs.
    const next = start(lockPath, []);
    expect(await Promise.race([next.then(() => "next"), silent.then(() => "silent")])).toBe("next");
    expect(await next).toBe(0);
    expect(await silent).toBe(3);
  });

  it("with releaseAfterBuild, the next start gets its turn once the build is done, while the command still runs", async () => {
    const lockPath = join(work, "locks", "after-build.lock");
    const serving = runBuilt({
      lockPath,
      build: [process.execPath, "-e", ""],
      run: [process.execPath, "-e", "setTimeout(() => process.exit(4), 5000)"],
      say: () => undefined,
      releaseAfterBuild: true,
    });
    const next = start(lockPath, []);
    expect(await Promise.race([next.then(() => "next"), serving.then(() => "serving")])).toBe("next");
    expect(await next).toBe(0);
    expect(await serving).toBe(4);
  });
});
