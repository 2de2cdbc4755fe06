#!/usr/bin/env node
// One-shot processes side by side on the same pair (the released spec → the candidate bundle): the gate's
// script (`scripts/gate.mjs`, no build before it, judged against HEAD as its base) and `redocly diff`, each run
// cold (a new process) several times, alternating. Then the gate's findings with the contract suite's build
// (`packages/contract-tests/dist`) present and moved aside: they must be the same.
// Usage: pnpm --filter @cloud-contract/release bench:process   (after pnpm gate has built the spec once)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = 5;
const root = fileURLToPath(new URL("../../..", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "process-bench-"));
const released = join(root, "spec", "released", "openapi.json");
const candidate = join(root, "spec", "dist", "openapi.json");

/** A process run under GNU time: its wall time, and its CPU time (user + system), which load does not inflate. */
const run = (args, cwd = root) => {
  const started = performance.now();
  const done = spawnSync("/usr/bin/time", ["-f", "cpu %U %S", process.execPath, ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const [, user, system] = /cpu (\S+) (\S+)\s*$/.exec(done.stderr) ?? [];
  return { ms: performance.now() - started, cpu: 1000 * (Number(user) + Number(system)), ...done };
};
const gate = () => {
  const done = run([
    join(root, "packages", "release", "scripts", "gate.mjs"),
    "--base",
    "HEAD",
    "--format",
    "json",
  ]);
  if (done.status === 2) throw new Error(`gate: ${done.stderr}`);
  return done;
};
const redocly = () => {
  writeFileSync(join(folder, "redocly.yaml"), "extends:\n  - diff-recommended\n");
  const out = join(folder, "diff.json");
  const done = run(
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
      out,
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

try {
  gate(); // the base's bundle and the validators are kept for later runs: warm caches, cold processes
  const ours = [];
  const theirs = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(gate());
    theirs.push(redocly());
  }
  const show = (runs) =>
    `${median(runs.map((r) => r.ms)).toFixed(0)} ms wall, ${median(runs.map((r) => r.cpu)).toFixed(0)} ms CPU`;
  const ratio = (key) => median(ours.map((r) => r[key])) / median(theirs.map((r) => r[key]));
  console.log(`one-shot process, released → candidate, medians of ${RUNS}, alternating:`);
  console.log(`  gate (scripts/gate.mjs --base HEAD, replay included): ${show(ours)}`);
  console.log(`  redocly diff (diff-recommended): ${show(theirs)}`);
  console.log(`  gate / redocly: ${ratio("ms").toFixed(2)} wall, ${ratio("cpu").toFixed(2)} CPU`);

  const dist = join(root, "packages", "contract-tests", "dist");
  const aside = `${dist}.bench-aside`;
  const built = findingsOf(gate());
  let without = built;
  if (existsSync(dist)) {
    renameSync(dist, aside);
    try {
      without = findingsOf(gate());
    } finally {
      renameSync(aside, dist);
    }
  }
  const count = JSON.parse(built).length;
  console.log(
    `contract-tests built / moved aside: ${count} findings each, the same: ${built === without} (${existsSync(dist) ? "dist was there" : "dist was absent both times"})`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
