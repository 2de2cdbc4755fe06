#!/usr/bin/env node
// One-shot processes side by side on the same pair (the released spec → the candidate bundle), interleaved
// round by round: the gate's script (`scripts/gate.mjs`, judged against HEAD as its base) with the results an
// earlier run kept and with none kept, `pnpm -s gate` (its --build skipped when the spec is unchanged), pnpm's
// own start (`pnpm -s exec true`), and `redocly diff`. Wall and CPU time (user + system, children included:
// on a shared machine CPU is the steadier figure), medians. Then the gate's findings with the contract suite's
// build (`packages/contract-tests/dist`) present and moved aside, nothing kept: they must be the same.
// Usage: pnpm --filter @cloud-contract/release bench:process   (after pnpm gate has built the spec once;
// RUNS=n sets the rounds, 5 by default; PROCESS_BENCH_KEEP_BUILD=1 leaves the contract suite's build in place)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.RUNS ?? 5);
const root = fileURLToPath(new URL("../../..", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "process-bench-"));
const released = join(root, "spec", "released", "openapi.json");
const candidate = join(root, "spec", "dist", "openapi.json");
const keptResults = join(root, "node_modules", ".cache", "release-gate", "results");
const gateScript = join(root, "packages", "release", "scripts", "gate.mjs");
const GATE_ARGS = ["--base", "HEAD", "--format", "json"];

/** A command run under GNU time: its wall time, and its CPU time (user + system, children included). */
const run = (command, args, cwd = root) => {
  const started = performance.now();
  const done = spawnSync("/usr/bin/time", ["-f", "cpu %U %S", command, ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const [, user, system] = /cpu (\S+) (\S+)\s*$/.exec(done.stderr) ?? [];
  return { ms: performance.now() - started, cpu: 1000 * (Number(user) + Number(system)), ...done };
};
const checked = (what, done) => {
  if (done.status === 2 || done.error) throw new Error(`${what}: ${done.stderr.slice(0, 300)}`);
  return done;
};
const gate = () => checked("gate", run(process.execPath, [gateScript, ...GATE_ARGS]));
const gateNothingKept = () => {
  rmSync(keptResults, { recursive: true, force: true });
  return gate();
};
const pnpmGate = () => checked("pnpm -s gate", run("pnpm", ["-s", "gate", ...GATE_ARGS]));
const pnpmAlone = () => checked("pnpm -s exec true", run("pnpm", ["-s", "exec", "true"]));
const redocly = () => {
  writeFileSync(join(folder, "redocly.yaml"), "extends:\n  - diff-recommended\n");
  const done = run(
    process.execPath,
    [
      join(root, "scripts", "redocly.mjs"),
      "diff",
      released,
      candidate,
      "--config",
      join(folder, "redocly.yaml"),
      "--format",
      "json",
      "-o",
      join(folder, "diff.json"),
      "--fail-on",
      "none",
    ],
    join(root, "spec"),
  );
  if (done.status !== 0) throw new Error(`redocly diff: ${done.stderr.slice(0, 300)}`);
  return done;
};
const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
/** What the gate found, without anything that depends on the run (the merge-base commit). */
const findingsOf = (done) => JSON.stringify(JSON.parse(done.stdout).findings);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

try {
  console.log(`load average (1, 5, 15 min) at the start: ${load()}`);
  pnpmGate(); // builds the spec if needed, keeps the results and validators: warm caches, cold processes
  const measured = {
    "gate script, results kept": { measure: gate, runs: [] },
    "gate script, nothing kept (validators kept)": { measure: gateNothingKept, runs: [] },
    "pnpm -s gate, results kept": { measure: pnpmGate, runs: [] },
    "pnpm -s exec true (pnpm's own start)": { measure: pnpmAlone, runs: [] },
    "redocly diff (diff-recommended)": { measure: redocly, runs: [] },
  };
  const outputs = new Set();
  for (let i = 0; i < RUNS; i++)
    for (const [name, entry] of Object.entries(measured)) {
      const done = entry.measure();
      entry.runs.push(done);
      if (name.startsWith("gate")) outputs.add(findingsOf(done));
    }
  const figures = (runs) => ({ ms: median(runs.map((r) => r.ms)), cpu: median(runs.map((r) => r.cpu)) });
  const theirs = figures(measured["redocly diff (diff-recommended)"].runs);
  console.log(`one-shot processes, released → candidate, medians of ${RUNS} interleaved rounds:`);
  for (const [name, { runs }] of Object.entries(measured)) {
    const { ms, cpu } = figures(runs);
    console.log(
      `  ${name}: ${ms.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU; / redocly diff: ${(ms / theirs.ms).toFixed(2)} wall, ${(cpu / theirs.cpu).toFixed(2)} CPU`,
    );
  }
  console.log(`  the gate's findings, kept or computed: ${outputs.size === 1 ? "the same" : "DIFFERENT"}`);

  const dist = join(root, "packages", "contract-tests", "dist");
  const aside = `${dist}.bench-aside`;
  const built = findingsOf(gateNothingKept());
  let without = built;
  if (existsSync(dist) && process.env.PROCESS_BENCH_KEEP_BUILD !== "1") {
    renameSync(dist, aside);
    try {
      without = findingsOf(gateNothingKept());
    } finally {
      renameSync(aside, dist);
    }
  }
  const count = JSON.parse(built).length;
  console.log(
    `contract-tests built / moved aside (nothing kept): ${count} findings each, the same: ${built === without} (${process.env.PROCESS_BENCH_KEEP_BUILD === "1" ? "dist left in place" : existsSync(dist) ? "dist was there" : "dist was absent both times"})`,
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
