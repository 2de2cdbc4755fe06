// `pnpm build`, `pnpm lint` and `pnpm typecheck` run nx through scripts/nx-exit-code.mjs: a failed task is exit 1,
// also when nx itself says 130 because a task depending on it could not run. A real nx in a workspace of two
// projects, the second depending on the first, whose build fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nxExitCode } from "../../../scripts/nx-exit-code.mjs";
import { NX_TEST_ENV } from "./nx-env.js";

const WORKSPACE = fileURLToPath(new URL("../../../", import.meta.url));
const SCRIPT = join(WORKSPACE, "scripts", "nx-exit-code.mjs");
const NX = join(WORKSPACE, "node_modules", "nx", "dist", "bin", "nx.js");
let work: string;

const manifest = (name: string, build: string, extra: object = {}) =>
  JSON.stringify({ name, ...extra, nx: { targets: { build: { command: build, dependsOn: ["^build"] } } } });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "nx-exit-code-"));
  writeFileSync(join(work, "nx.json"), JSON.stringify({ analytics: false, neverConnectToCloud: true }));
  writeFileSync(
    join(work, "package.json"),
    JSON.stringify({ name: "ws", private: true, workspaces: ["a", "b"] }),
  );
  for (const name of ["a", "b"]) mkdirSync(join(work, name));
  writeFileSync(join(work, "a", "package.json"), manifest("a", "exit 1"));
  writeFileSync(join(work, "b", "package.json"), manifest("b", "true", { dependencies: { a: "*" } }));
  mkdirSync(join(work, "node_modules"));
  symlinkSync(join(WORKSPACE, "node_modules", "nx"), join(work, "node_modules", "nx"), "dir");
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (args: string[]) =>
  spawnSync(process.execPath, args, {
    cwd: work,
    encoding: "utf8",
    env: { ...process.env, ...NX_TEST_ENV, NX_TUI: "false" },
  });

it("a build whose dependency fails: nx exits 130, the script 1", () => {
  const bare = run([NX, "run", "b:build"]);
  expect(bare.status, bare.stdout + bare.stderr).toBe(130);
  const wrapped = run([SCRIPT, "run", "b:build"]);
  expect(wrapped.status, wrapped.stdout + wrapped.stderr).toBe(1);
  expect(wrapped.stdout + wrapped.stderr).toContain("a:build");
});

it("keeps every other code, and 130 when the run was interrupted", () => {
  expect([0, 1, 2].map((code) => nxExitCode(code, false))).toEqual([0, 1, 2]);
  expect(nxExitCode(130, false)).toBe(1);
  expect(nxExitCode(130, true)).toBe(130);
});
