import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { workspacePath } from "./workspace.js";

const RELEASE = workspacePath("packages", "release", "scripts", "release.mjs");
const release = (...args: string[]) =>
  spawnSync(process.execPath, [RELEASE, ...args], { encoding: "utf8", timeout: HANG_DETECTOR_MS });

describe("release.mjs options", () => {
  it("prints its modes with --help and exits 0", () => {
    const run = release("--help");
    expect(run.status).toBe(0);
    for (const option of ["--dry-run", "--out DIR", "--registry URL", "--no-checks"]) {
      expect(run.stdout).toContain(option);
    }
  });

  it.each([
    [["--bogus"], /Unknown option '--bogus'/],
    [["--no-checks"], /a real release always builds and gates/],
    [["--out", "somewhere"], /--out is for --dry-run only/],
    [["--registry", "localhost:4873"], /--registry wants an http\(s\) URL/],
    [["--dry-run", "--registry", "http://127.0.0.1:4873/"], /do not go together/],
    [["publish"], /Unexpected argument 'publish'|positional/],
  ])("refuses %j with one line and exit 2, before building anything", (args, message) => {
    const run = release(...args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});
