#!/usr/bin/env node
// Installs the system packages the tests need when they are missing, so that the README's test command
// works on a bare Debian machine: `pnpm test` runs this first. Today that is Chromium (the docs browser
// test; never a browser downloaded by Playwright) and PostgreSQL (the sandbox's PostgreSQL tests). It does
// nothing when everything is there.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** What the tests need from the system: the Debian package and how to tell that it is there. */
export const SYSTEM_DEPS = [
  {
    name: "chromium",
    reason: "the docs browser test",
    present: (env = process.env) => existsSync(env.CHROMIUM_PATH ?? "/usr/bin/chromium"),
  },
  {
    name: "postgresql",
    reason: "the sandbox's PostgreSQL tests (a throwaway server per test file)",
    present: (env = process.env) => postgresBinDir(env) !== undefined,
  },
];

/** The folder of PostgreSQL's server programs (initdb, pg_ctl): POSTGRES_BIN, or Debian's newest. */
export function postgresBinDir(env = process.env) {
  if (env.POSTGRES_BIN) return existsSync(`${env.POSTGRES_BIN}/pg_ctl`) ? env.POSTGRES_BIN : undefined;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/pg_ctl`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? `${root}/${versions[0]}/bin` : undefined;
}

/** The Debian packages of SYSTEM_DEPS that are missing. */
export function missingPackages(deps = SYSTEM_DEPS, env = process.env) {
  return deps.filter((dep) => !dep.present(env)).map((dep) => dep.name);
}

/** The commands that install `packages` with apt-get, through sudo unless we are root. */
export function installCommands(packages, isRoot) {
  const prefix = isRoot ? [] : ["sudo", "-n"];
  return [
    [...prefix, "apt-get", "update", "-qq"],
    [...prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", ...packages],
  ];
}

function main() {
  const missing = missingPackages();
  if (missing.length === 0) {
    console.log(`system deps: ${SYSTEM_DEPS.map((d) => d.name).join(", ")} present`);
    return 0;
  }
  const why = SYSTEM_DEPS.filter((d) => missing.includes(d.name)).map((d) => `${d.name} (${d.reason})`);
  console.log(`system deps: installing ${why.join(", ")} with apt-get`);
  if (!existsSync("/usr/bin/apt-get")) {
    console.error(
      `system deps: no apt-get here; install ${missing.join(", ")} yourself (or set CHROMIUM_PATH)`,
    );
    return 1;
  }
  const isRoot = process.getuid?.() === 0;
  for (const [command, ...args] of installCommands(missing, isRoot)) {
    const run = spawnSync(command, args, { stdio: "inherit" });
    if (run.status !== 0) {
      console.error(
        `system deps: \`${[command, ...args].join(" ")}\` failed; run it as root, then \`pnpm test\` again`,
      );
      return 1;
    }
  }
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`system deps: ${still.join(", ")} still missing after apt-get`);
    return 1;
  }
  console.log(`system deps: installed ${missing.join(", ")}`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
