#!/usr/bin/env node
// One-shot processes side by side on the same pair (the released spec → the candidate bundle), interleaved
// round by round: the gate's script (`scripts/gate.mjs`, judged against HEAD as its base) with the results an
// earlier run kept, on a candidate one edit away from the last one judged (a `maxLength` of one schema lowered
// by a new amount each round, given with --current: the parts of earlier runs kept, the run's result not), and
// with nothing kept at all (validators kept); `pnpm -s gate` (its --build skipped when the spec is unchanged),
// pnpm's own start (`pnpm -s exec true`), and `redocly diff` run directly and through pnpm (`pnpm -s exec`,
// the launcher `pnpm -s gate` pays for too). Wall and CPU time (user + system, children included: on a shared
// machine CPU is the steadier figure), medians. The gate's findings must be the same kept and computed, after
// an edit with the parts kept and with nothing kept, and with the contract suite's build
// (`packages/contract-tests/dist`) present and moved aside.
// Usage: pnpm --filter @cloud-contract/release bench:process   (after pnpm gate has built the spec once;
// RUNS=n sets the rounds, 5 by default; PROCESS_BENCH_KEEP_BUILD=1 leaves the contract suite's build in place)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.RUNS ?? 5);
const root = fileURLToPath(new URL("../../..", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "process-bench-"));
const released = join(root, "spec", "released", "openapi.json");
const candidate = join(root, "spec", "dist", "openapi.json");
const keptResults = join(root, "node_modules", ".cache", "release-gate", "results");
const keptParts = join(root, "node_modules", ".cache", "release-gate", "parts");
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
  for (const folder of [keptResults, keptParts]) rmSync(folder, { recursive: true, force: true });
  return gate();
};
/** The candidate with the first string `maxLength` of its schemas lowered by `by`: one edit. */
const editedCandidate = (by) => {
  const doc = JSON.parse(readFileSync(candidate, "utf8"));
  const fields = Object.values(doc.components.schemas).flatMap((s) => Object.values(s.properties ?? {}));
  const field = fields.find((p) => p.type === "string" && p.maxLength > 64);
  if (!field) throw new Error("the candidate has no string maxLength above 64 to edit");
  field.maxLength -= by;
  const file = join(folder, `edited-${by}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
};
let edits = 0;
const edited = [];
const gateAfterEdit = () => {
  const file = editedCandidate(++edits);
  const done = checked(
    "gate after an edit",
    run(process.execPath, [gateScript, ...GATE_ARGS, "--current", file]),
  );
  edited.push({ file, findings: findingsOf(done) });
  return done;
};
const pnpmGate = () => checked("pnpm -s gate", run("pnpm", ["-s", "gate", ...GATE_ARGS]));
const pnpmAlone = () => checked("pnpm -s exec true", run("pnpm", ["-s", "exec", "true"]));
const redocly = () => redoclyDiff(process.execPath, []);
const pnpmRedocly = () => redoclyDiff("pnpm", ["-s", "exec", "node"]);
const redoclyDiff = (command, launcher) => {
  writeFileSync(join(folder, "redocly.yaml"), "extends:\n  - diff-recommended\n");
  const done = run(
    command,
    [
      ...launcher,
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
    "gate script, one edit away (parts kept)": { measure: gateAfterEdit, runs: [] },
    "gate script, nothing kept (validators kept)": { measure: gateNothingKept, runs: [] },
    "pnpm -s gate, results kept": { measure: pnpmGate, runs: [] },
    "pnpm -s exec true (pnpm's own start)": { measure: pnpmAlone, runs: [] },
    "redocly diff (diff-recommended)": { measure: redocly, runs: [] },
    "pnpm -s exec redocly diff (through pnpm)": { measure: pnpmRedocly, runs: [] },
  };
  const outputs = new Set();
  for (let i = 0; i < RUNS; i++)
    for (const [name, entry] of Object.entries(measured)) {
      const done = entry.measure();
      entry.runs.push(done);
      if (name.startsWith("gate") && !name.includes("edit")) outputs.add(findingsOf(done));
    }
  const figures = (runs) => ({ ms: median(runs.map((r) => r.ms)), cpu: median(runs.map((r) => r.cpu)) });
  const theirs = figures(measured["redocly diff (diff-recommended)"].runs);
  const throughPnpm = figures(measured["pnpm -s exec redocly diff (through pnpm)"].runs);
  console.log(`one-shot processes, released → candidate, medians of ${RUNS} interleaved rounds:`);
  for (const [name, { runs }] of Object.entries(measured)) {
    const { ms, cpu } = figures(runs);
    console.log(
      `  ${name}: ${ms.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU; / redocly diff: ${(ms / theirs.ms).toFixed(2)} wall, ${(cpu / theirs.cpu).toFixed(2)} CPU`,
    );
  }
  const { cpu: pnpmGateCpu } = figures(measured["pnpm -s gate, results kept"].runs);
  console.log(
    `  pnpm -s gate / pnpm -s exec redocly diff (the same launcher): ${(pnpmGateCpu / throughPnpm.cpu).toFixed(2)} CPU`,
  );
  console.log(`  the gate's findings, kept or computed: ${outputs.size === 1 ? "the same" : "DIFFERENT"}`);
  // Each edited candidate judged again with nothing kept: the parts an earlier run kept change no finding.
  const afterEdit = edited.every(({ file, findings }) => {
    for (const folder of [keptResults, keptParts]) rmSync(folder, { recursive: true, force: true });
    return (
      findingsOf(checked("gate", run(process.execPath, [gateScript, ...GATE_ARGS, "--current", file]))) ===
      findings
    );
  });
  console.log(
    `  the gate's findings after an edit, parts kept or nothing kept: ${afterEdit ? "the same" : "DIFFERENT"}`,
  );

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
