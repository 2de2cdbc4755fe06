// `pnpm test` runs nx through scripts/with-scratch-tmpdir.mjs: a temp folder of the run's own, in memory
// where there is room, removed when the run ends however it ends.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { isTmpfs, scratchParent } from "../../../scripts/with-scratch-tmpdir.mjs";

const SCRIPT = fileURLToPath(new URL("../../../scripts/with-scratch-tmpdir.mjs", import.meta.url));
const WORKSPACE = fileURLToPath(new URL("../../../", import.meta.url));
const MIB = 1024 * 1024;

/** The environment of a run that did not set TMPDIR itself. */
function withoutTmpdir(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.TMPDIR;
  return env;
}

/** The folder the script announced on stderr. */
function announced(stderr: string): string {
  const match = /temporary files of this run: (\S+) \(removed at the end\)/.exec(stderr);
  if (!match?.[1]) throw new Error(`no folder announced in:\n${stderr}`);
  return match[1];
}

describe("scratchParent", () => {
  const work = mkdtempSync(join(tmpdir(), "scratch-parent-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("keeps the temp folder the user set in TMPDIR", () => {
    expect(scratchParent({ TMPDIR: work }, ["/dev/shm"], MIB)).toBe(tmpdir());
  });

  it("falls back to the OS temp folder for a missing candidate", () => {
    expect(scratchParent({}, [join(work, "missing")], MIB)).toBe(tmpdir());
  });

  it.skipIf(isTmpfs(WORKSPACE))("falls back to the OS temp folder for a candidate on a disk", () => {
    expect(scratchParent({}, [WORKSPACE], MIB)).toBe(tmpdir());
  });

  it.skipIf(!isTmpfs("/dev/shm"))(
    "takes /dev/shm when it is a tmpfs with room, and not when it is too small",
    () => {
      expect(scratchParent({}, ["/dev/shm"], MIB)).toBe("/dev/shm");
      const { bavail, bsize } = statfsSync("/dev/shm");
      expect(scratchParent({}, ["/dev/shm"], bavail * bsize + 1024 * MIB)).toBe(tmpdir());
    },
  );
});

describe("with-scratch-tmpdir.mjs", () => {
  it("runs the command with TMPDIR set to a new folder, passes its exit code on and removes the folder", () => {
    // The command leaves a file behind in its temp folder and exits 3.
    const program =
      'const fs = require("node:fs"), os = require("node:os");' +
      'fs.writeFileSync(os.tmpdir() + "/left-behind", "x"); console.log(os.tmpdir()); process.exit(3);';
    const run = spawnSync(process.execPath, [SCRIPT, process.execPath, "-e", program], {
      encoding: "utf8",
      env: withoutTmpdir(),
    });
    expect(run.status, run.stderr).toBe(3);
    const dir = run.stdout.trim();
    expect(announced(run.stderr)).toBe(dir);
    expect(dir.startsWith(join(scratchParent(withoutTmpdir()), "cloud-contract-tmp-"))).toBe(true);
    expect(existsSync(dir)).toBe(false);
  });

  it("makes the folder reachable for other users, as /tmp is (PostgreSQL runs as its own user)", () => {
    const program =
      'const fs = require("node:fs"), os = require("node:os"); console.log(String(fs.statSync(os.tmpdir()).mode));';
    const run = spawnSync(process.execPath, [SCRIPT, process.execPath, "-e", program], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(Number(run.stdout.trim()) & 0o7777).toBe(0o1777);
  });

  it("passes SIGTERM on to the command and removes the folder once the command has ended", async () => {
    const program =
      'process.on("SIGTERM", () => setTimeout(() => process.exit(7), 200)); setTimeout(() => process.exit(9), 15000);' +
      'console.log(require("node:os").tmpdir());';
    const child = spawn(process.execPath, [SCRIPT, process.execPath, "-e", program], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const dir = await new Promise<string>((resolve) =>
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (stdout.includes("\n")) resolve(stdout.trim());
      }),
    );
    expect(statSync(dir).isDirectory()).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    // Bounded: a script that kept the command running would otherwise outlive the test.
    const timer = setTimeout(() => child.kill("SIGKILL"), HANG_DETECTOR_MS);
    expect(await exited, stderr).toBe(7);
    clearTimeout(timer);
    expect(existsSync(dir)).toBe(false);
  });

  it("exits 127 when the command cannot be started, and removes the folder", () => {
    const run = spawnSync(process.execPath, [SCRIPT, "no-such-command-here"], { encoding: "utf8" });
    expect(run.status).toBe(127);
    expect(run.stderr).toContain("cannot run no-such-command-here");
    expect(existsSync(announced(run.stderr))).toBe(false);
  });

  it("exits 2 with its usage when no command is given, 0 with it for --help", () => {
    const bare = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/^usage: node scripts\/with-scratch-tmpdir\.mjs <command>/);
    const help = spawnSync(process.execPath, [SCRIPT, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: .*\nRuns the command with TMPDIR set/);
  });
});
