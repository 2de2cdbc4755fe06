#!/usr/bin/env node
// Installs the system packages the tests need when they are missing, so that the README's test command
// works on a bare Debian machine: Chromium (the docs browser test; never a browser downloaded
// by Playwright) and PostgreSQL (the sandbox's PostgreSQL tests). It does nothing when they are there.
// `node scripts/ensure-system-deps.mjs [package…]`: the packages named (all of them when none is). In
// `pnpm test` it runs as the root project's nx targets `system-postgresql` and `system-chromium`, which the
// tasks that need them depend on: the install runs beside the first tasks instead of before them all.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/**
 * What the tests need from the system: the Debian package, how to tell that it is there, and the variable that
 * points the tests at another copy instead (apt-get cannot help when that one is missing).
 */
export const SYSTEM_DEPS = [
  {
    name: "chromium",
    reason: "the docs browser test",
    present: (env = process.env) => existsSync(chromiumPath(env)),
    override: { variable: "CHROMIUM_PATH", expects: "a Chromium program" },
  },
  {
    name: "postgresql",
    reason: "the sandbox's PostgreSQL tests (a throwaway server per test file)",
    present: (env = process.env) => postgresBinDir(env) !== undefined,
    override: { variable: "POSTGRES_BIN", expects: "a folder with initdb and pg_ctl" },
  },
];

/** Chromium's program: CHROMIUM_PATH, or Debian's. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

/** The flags Chromium runs with in our containers and CI (no sandbox, no GPU, no background traffic). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
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

/** apt-get options that have dpkg leave out the manual pages and the documents of what it installs. */
const WITHOUT_DOCUMENTS = ["/usr/share/man/*", "/usr/share/doc/*"].flatMap((path) => [
  "-o",
  `DPkg::Options::=--path-exclude=${path}`,
]);

/** The commands that install `packages` with apt-get, through sudo unless we are root. */
export function installCommands(packages, isRoot) {
  const prefix = isRoot ? [] : ["sudo", "-n"];
  return [
    [...prefix, "apt-get", "update", "-qq"],
    // Recommended packages are left out: for Chromium they are some 180 packages (Perl modules, udev, avahi,
    // a terminal) that a headless browser does not use. So are the packages' manual pages and documents, which
    // tests never read, and with them the manual's index update (BENCHMARKS.md has what each saves).
    [
      ...prefix,
      "env",
      "DEBIAN_FRONTEND=noninteractive",
      "apt-get",
      "install",
      "-y",
      "-qq",
      "--no-install-recommends",
      ...WITHOUT_DOCUMENTS,
      ...packages,
    ],
  ];
}

const USAGE = `usage: node scripts/ensure-system-deps.mjs [package…]

Installs the Debian packages the tests need, with apt-get, when they are missing
(as root, or through password-less sudo). With no package named, all of them:
${SYSTEM_DEPS.map((d) => `  ${d.name.padEnd(11)} ${d.reason}`).join("\n")}`;

/** The deps that `names` ask for (all when empty), or the names that are not deps. */
function selectDeps(names, deps = SYSTEM_DEPS) {
  const unknown = names.filter((name) => !deps.some((d) => d.name === name));
  if (unknown.length > 0) return { unknown };
  return { deps: names.length === 0 ? deps : deps.filter((d) => names.includes(d.name)) };
}

function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    console.error(`system deps: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  const { deps, unknown } = selectDeps(parsed.positionals);
  if (unknown) {
    console.error(`system deps: no such package to ensure: ${unknown.join(", ")}\n\n${USAGE}`);
    return 2;
  }
  const missing = missingPackages(deps);
  if (missing.length === 0) {
    console.log(`system deps: ${deps.map((d) => d.name).join(", ")} present`);
    return 0;
  }
  const missingDeps = deps.filter((d) => missing.includes(d.name));
  const overridden = missingDeps.filter((d) => process.env[d.override.variable]);
  if (overridden.length > 0) {
    for (const { override } of overridden)
      console.error(
        `system deps: ${override.variable}=${process.env[override.variable]} is not ${override.expects}; ` +
          "point it at one, or unset it to use Debian's package (installed here when missing)",
      );
    return 1;
  }
  console.log(
    `system deps: installing ${missingDeps.map((d) => `${d.name} (${d.reason})`).join(", ")} with apt-get`,
  );
  if (!existsSync("/usr/bin/apt-get")) {
    const variables = missingDeps.map((d) => d.override.variable).join(" or ");
    console.error(
      `system deps: no apt-get here; install ${missing.join(", ")} yourself (or set ${variables})`,
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
  const still = missingPackages(deps);
  if (still.length > 0) {
    console.error(`system deps: ${still.join(", ")} still missing after apt-get`);
    return 1;
  }
  console.log(`system deps: installed ${missing.join(", ")}`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
