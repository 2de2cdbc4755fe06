#!/usr/bin/env node
// Runs the timing-sensitive test files (or whole suites with --all) several times while other processes keep
// cores busy (--hogs N, one by default), and prints how each run ended: a test that races a clock, a freeze or a keep-alive must hold
// on a loaded machine too. `pnpm test:stress --help` for the options.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PACKAGES = ["mock", "client", "contract-tests", "release", "docs"];
/** What marks a test file as timing-sensitive: it measures, waits on or races time, a freeze or a connection. */
const TIMING =
  /performance\.now\(|Date\.now\(|setTimeout\(|\bsleep\(|SIGSTOP|keep-?alive|timeoutMs|useFakeTimers/i;
/** Test files that need a browser, Verdaccio or a terminal: outside the packages' `test` target, left out here. */
const OWN_TARGETS = /\.(consumer|terminal|packages)\.test\.ts$|\.contract\.test\.ts$/;

const HELP = `Usage: pnpm test:stress [options]

Runs the timing-sensitive test files of each package (files that measure or race time: ${TIMING.source})
RUNS times, while HOGS other processes each keep a core busy, and prints a line per run and, at the end, a
table per package of runs, failures and the tests that failed.
Exit 0 when every run passed, 1 when one failed, 2 when it cannot run. Build first (the root script does).

Options:
  --runs N          how many times each package's files run (default 3)
  --package NAME    only this package (repeatable; ${PACKAGES.join(", ")})
  --all             every test file of the package's test target, not only the timing-sensitive ones
  --file PATH       only this test file (relative to its package; repeatable, needs one --package)
  --hogs N          how many processes keep a core busy meanwhile (default 1; 0 to compare with a quiet
                    machine); \`--hogs 8 --all\` is CI on a shared, oversubscribed machine
  --no-busy         the same as --hogs 0
  --list            print the files it would run, and exit
  -h, --help        this text`;

function fail(message) {
  process.stderr.write(`test:stress: ${message}\n`);
  process.exit(2);
}

function parse(argv) {
  const options = { runs: 3, packages: [], files: [], all: false, hogs: 1, list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith("--")) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === "-h" || arg === "--help") {
      process.stdout.write(`${HELP}\n`);
      process.exit(0);
    } else if (arg === "--runs") {
      const runs = Number(value());
      if (!Number.isInteger(runs) || runs < 1 || runs > 50) fail("--runs takes a whole number from 1 to 50");
      options.runs = runs;
    } else if (arg === "--package") {
      const name = value();
      if (!PACKAGES.includes(name)) fail(`--package ${name}: no such package (${PACKAGES.join(", ")})`);
      options.packages.push(name);
    } else if (arg === "--file") options.files.push(value());
    else if (arg === "--all") options.all = true;
    else if (arg === "--hogs") {
      const hogs = Number(value());
      if (!Number.isInteger(hogs) || hogs < 0 || hogs > 64) fail("--hogs takes a whole number from 0 to 64");
      options.hogs = hogs;
    } else if (arg === "--no-busy") options.hogs = 0;
    else if (arg === "--list") options.list = true;
    else fail(`unknown option ${arg} (see --help)`);
  }
  if (options.files.length > 0 && options.packages.length !== 1) fail("--file needs exactly one --package");
  if (options.packages.length === 0) options.packages = PACKAGES;
  return options;
}

function testFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "dist") continue;
    if (statSync(path).isDirectory()) found.push(...testFiles(path));
    else if (/\.test\.ts$/.test(name) && !OWN_TARGETS.test(name)) found.push(path);
  }
  return found;
}

/** The files one package's runs take, relative to the package. */
function filesOf(pkg, options) {
  const dir = join(ROOT, "packages", pkg);
  if (options.files.length > 0) return options.files;
  const all = testFiles(join(dir, "src"));
  const chosen = options.all ? all : all.filter((file) => TIMING.test(readFileSync(file, "utf8")));
  return chosen.map((file) => relative(dir, file)).sort();
}

/** Keeps one core busy until stopped (or for at most `limitMs`): a plain loop in a process of its own. */
function busyCore(limitMs) {
  const child = spawn(
    process.execPath,
    ["-e", `const end = Date.now() + ${limitMs}; while (Date.now() < end);`],
    {
      stdio: "ignore",
    },
  );
  return { stop: () => child.exitCode === null && child.kill("SIGKILL") };
}

function runVitest(pkg, files) {
  return new Promise((resolve) => {
    const began = performance.now();
    const child = spawn(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", ...files], {
      cwd: join(ROOT, "packages", pkg),
      // The mock's load test sends its full count here (fewer in the package's own test run).
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", LOAD_TEST_REQUESTS: "20000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const failed = [
        ...new Set(
          output
            .split("\n")
            .filter((line) => /^\s*(×|FAIL)\s/.test(line))
            .map((l) => l.trim()),
        ),
      ];
      // The last summary is this run's: the output may hold those of runs its tests start.
      const tests = [...output.matchAll(/^\s*Tests\s+(.+)$/gm)].at(-1)?.[1]?.trim() ?? "no summary";
      resolve({ code, failed, tests, seconds: (performance.now() - began) / 1000 });
    });
  });
}

const options = parse(process.argv.slice(2));
const plan = options.packages
  .map((pkg) => ({ pkg, files: filesOf(pkg, options) }))
  .filter((p) => p.files.length);
if (options.list) {
  for (const { pkg, files } of plan) for (const file of files) process.stdout.write(`${pkg}\t${file}\n`);
  process.exit(0);
}
if (plan.length === 0) fail("no test file to run");

// At most three hours of busy loop, whatever happens to this process.
const hogs = Array.from({ length: options.hogs }, () => busyCore(3 * 60 * 60_000));
const stopBusy = () => {
  for (const hog of hogs) hog.stop();
};
const busyNote = options.hogs ? `, ${options.hogs} core${options.hogs > 1 ? "s" : ""} kept busy` : "";
process.on("exit", stopBusy);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

const table = [];
for (const { pkg, files } of plan) {
  let passed = 0;
  const failures = new Map();
  for (let run = 1; run <= options.runs; run++) {
    const result = await runVitest(pkg, files);
    if (result.code === 0) passed++;
    process.stdout.write(
      `${pkg} run ${run}/${options.runs} (${files.length} files${busyNote}): ` +
        `${result.code === 0 ? "passed" : "FAILED"} — ${result.tests}, ${result.seconds.toFixed(0)} s\n`,
    );
    for (const line of result.failed) {
      process.stdout.write(`    ${line}\n`);
      failures.set(line, (failures.get(line) ?? 0) + 1);
    }
  }
  table.push({ pkg, files: files.length, passed, failures });
}
stopBusy();
process.stdout.write(
  `\npackage          files  runs  passed  failed${busyNote ? ` (${busyNote.slice(2)})` : ""}\n`,
);
for (const row of table)
  process.stdout.write(
    `${row.pkg.padEnd(16)} ${String(row.files).padStart(5)}  ${String(options.runs).padStart(4)}  ` +
      `${String(row.passed).padStart(6)}  ${String(options.runs - row.passed).padStart(6)}\n`,
  );
for (const row of table)
  for (const [line, times] of row.failures) process.stdout.write(`${row.pkg}: ${times}x ${line}\n`);
process.exit(table.every((row) => row.passed === options.runs) ? 0 : 1);
