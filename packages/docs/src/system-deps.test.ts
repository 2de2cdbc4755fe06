// The system packages the tests need (scripts/ensure-system-deps.mjs), and where `pnpm test` installs them:
// as nx targets of the root project that only the tasks needing them wait for.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { installCommands, missingPackages, SYSTEM_DEPS } from "../../../scripts/ensure-system-deps.mjs";
import { HANG_DETECTOR_MS } from "../../../scripts/hang-detector.mjs";
import { NX_TEST_ENV } from "./nx-env.js";

const WORKSPACE = fileURLToPath(new URL("../../../", import.meta.url));
const SCRIPT = `${WORKSPACE}scripts/ensure-system-deps.mjs`;
const NOTHING_THERE = { CHROMIUM_PATH: "/nonexistent/chromium", POSTGRES_BIN: "/nonexistent" };

function ensure(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: HANG_DETECTOR_MS,
  });
}

describe("ensure-system-deps", () => {
  it("asks for chromium (the docs browser test) and postgresql (the sandbox's PostgreSQL tests)", () => {
    expect(SYSTEM_DEPS.map((d) => d.name)).toEqual(["chromium", "postgresql"]);
  });

  it.each([
    [NOTHING_THERE, ["chromium", "postgresql"]],
    [{ ...NOTHING_THERE, CHROMIUM_PATH: process.execPath }, ["postgresql"]],
  ])("with %o finds %j missing", (env, missing) => {
    expect(missingPackages(SYSTEM_DEPS, env)).toEqual(missing);
  });

  it.each([
    [true, ["apt-get", "update", "-qq"]],
    [false, ["sudo", "-n", "apt-get", "update", "-qq"]],
  ])(
    "as root = %s installs with apt-get, non-interactively, without recommended packages, manual pages or documents",
    (isRoot, update) => {
      const [first, second = []] = installCommands(["chromium"], isRoot);
      expect(first).toEqual(update);
      expect(second.slice(-10)).toEqual([
        "apt-get",
        "install",
        "-y",
        "-qq",
        "--no-install-recommends",
        "-o",
        "DPkg::Options::=--path-exclude=/usr/share/man/*",
        "-o",
        "DPkg::Options::=--path-exclude=/usr/share/doc/*",
        "chromium",
      ]);
      expect(second).toContain("DEBIAN_FRONTEND=noninteractive");
    },
  );

  it("checks only the package it is given: chromium present is enough, with PostgreSQL missing", () => {
    const run = ensure(["chromium"], { ...NOTHING_THERE, CHROMIUM_PATH: process.execPath });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("system deps: chromium present\n");
    expect(run.status).toBe(0);
  });

  it.each([
    [
      "chromium",
      { CHROMIUM_PATH: "/nonexistent/chromium" },
      "CHROMIUM_PATH=/nonexistent/chromium is not a Chromium program",
    ],
    [
      "postgresql",
      { POSTGRES_BIN: "/nonexistent" },
      "POSTGRES_BIN=/nonexistent is not a folder with initdb and pg_ctl",
    ],
  ])(
    "refuses, without apt-get, to install %s when a variable points the tests at a copy that is not there",
    (name, env, message) => {
      const run = ensure([name], env);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain("unset it to use Debian's package");
      expect(run.stdout).not.toContain("installing");
    },
  );

  it("exits 2 with its usage for a package it does not know, and prints the usage on --help", () => {
    const unknown = ensure(["chrome"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("no such package to ensure: chrome");
    expect(unknown.stderr).toContain("usage: node scripts/ensure-system-deps.mjs [package…]");
    const help = ensure(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(
      /^usage: [^\n]*\n[\s\S]*\n +chromium +the docs browser test\n +postgresql +the sandbox's/,
    );
    expect(ensure(["--frobnicate"]).status).toBe(2);
  });
});

describe("pnpm test's task graph", () => {
  it("installs PostgreSQL before the tasks that start it, and Chromium (after PostgreSQL: apt runs one at a time) before the browser tests", () => {
    const { scripts } = JSON.parse(readFileSync(`${WORKSPACE}package.json`, "utf8"));
    const targets = /nx run-many --parallel=\S+ -t (.+)$/.exec(scripts.test)?.[1]?.split(" ") ?? [];
    expect(targets).toContain("test");
    const nx = spawnSync(
      process.execPath,
      [`${WORKSPACE}node_modules/nx/dist/bin/nx.js`, "run-many", "-t", ...targets, "--graph=stdout"],
      {
        cwd: WORKSPACE,
        encoding: "utf8",
        env: { ...process.env, ...NX_TEST_ENV },
        timeout: HANG_DETECTOR_MS,
      },
    );
    expect(nx.status, nx.stderr).toBe(0);
    const { dependencies } = JSON.parse(nx.stdout).tasks as { dependencies: Record<string, string[]> };
    const waitsFor = (task: string, system: string) =>
      expect(dependencies[task], task).toContain(`cloud-contract:system-${system}`);
    // The mock's tests start PostgreSQL and Chromium (its Playwright adapter): Chromium comes after PostgreSQL.
    waitsFor("mock:test", "chromium");
    waitsFor("cloud-contract:contract-storage", "postgresql");
    waitsFor("docs:test", "chromium");
    waitsFor("cloud-contract:system-chromium", "postgresql");
    expect(dependencies["cloud-contract:system-postgresql"]).toEqual([]);
  });
});
