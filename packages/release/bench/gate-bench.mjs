#!/usr/bin/env node
// The release gate's two costs on this machine: replaying 10,000 recorded exchanges of 20 consumer teams
// against the candidate spec and the branch's base (requests and answers), and one comparison of the whole
// bundle with the released one, with the compiled validators kept where the gate keeps them (as in
// `pnpm gate`). Wall and CPU time, and the machine's load average: on a shared machine CPU is the steadier figure.
// Usage: pnpm --filter @cloud-contract/release bench   (builds the package first; GATE_BENCH_EXCHANGES=10000
// exchanges, GATE_BENCH_COMPARES=20 comparisons after the first)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const TEAMS = 20;
const EXCHANGES = Number(process.env.GATE_BENCH_EXCHANGES ?? 10_000);
const COMPARES = Number(process.env.GATE_BENCH_COMPARES ?? 20);
const root = fileURLToPath(new URL("../../..", import.meta.url));
// Read when the spec's document model loads: set first, as scripts/gate.mjs does.
process.env.CLOUD_CONTRACT_VALIDATOR_CACHE ??= join(root, "node_modules", ".cache", "validators");
const { compareSpecs } = await import("../dist/diff/compare.js");
const { DEFAULT_DEPRECATION_POLICY } = await import("../dist/diff/deprecation.js");
const { replayTeams } = await import("../dist/recorded-teams.js");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(`load average (1, 5, 15 min) at the start: ${load()}`);
const released = JSON.parse(readFileSync(join(root, "spec", "released", "openapi.json"), "utf8"));
const candidate = JSON.parse(readFileSync(join(root, "spec", "dist", "openapi.json"), "utf8"));

// The repository's recorded exchanges, dealt round-robin to 20 teams until there are EXCHANGES.
const recorded = readdirSync(join(root, "consumers"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(root, "consumers", d.name))
      .filter((f) => f.endsWith(".har"))
      .flatMap((f) => JSON.parse(readFileSync(join(root, "consumers", d.name, f), "utf8")).log.entries),
  );
if (recorded.length === 0) throw new Error("no recordings in consumers/: run scripts/record-consumers.mjs");
const distinct = new Set(recorded.map((e) => JSON.stringify([e.request, e.response]))).size;
const folder = mkdtempSync(join(tmpdir(), "gate-bench-"));
try {
  const perTeam = Array.from({ length: TEAMS }, () => []);
  for (let i = 0; i < EXCHANGES; i++) perTeam[i % TEAMS].push(recorded[i % recorded.length]);
  perTeam.forEach((entries, i) => {
    mkdirSync(join(folder, `team-${i + 1}`));
    const log = { version: "1.2", creator: { name: "bench", version: "1" }, entries };
    writeFileSync(join(folder, `team-${i + 1}`, "traffic.har"), JSON.stringify({ log }));
  });
  const policy = { deprecation: DEFAULT_DEPRECATION_POLICY, teams: {}, defaultTeamMode: "block" };

  /** Both sides of the wire, against the candidate and the branch's base; fresh copies of the specs. */
  const timedReplay = (base) => {
    const start = performance.now();
    const used = process.cpuUsage();
    const replay = replayTeams(
      root,
      folder,
      structuredClone(released),
      structuredClone(candidate),
      policy,
      structuredClone(base),
    );
    const spent = process.cpuUsage(used);
    return { replay, ms: performance.now() - start, cpu: (spent.user + spent.system) / 1000 };
  };
  // A branch that leaves the spec as its base had it (each exchange judged once), then one whose base is
  // another spec (here the released one: each exchange judged against the candidate and the base).
  const replays = [
    ["base = candidate", timedReplay(candidate)],
    ["base = released spec", timedReplay(released)],
  ];

  const today = new Date().toISOString().slice(0, 10);
  const options = { policy: { ...DEFAULT_DEPRECATION_POLICY, today } };
  // Each comparison on fresh copies (nothing remembered from an earlier one); the first pays for the JIT.
  const copies = Array.from({ length: COMPARES + 1 }, () => [
    structuredClone(released),
    structuredClone(candidate),
  ]);
  const wall = [];
  const cpu = [];
  let findings = [];
  for (const [a, b] of copies) {
    const started = performance.now();
    const used = process.cpuUsage();
    findings = compareSpecs(a, b, options);
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
    wall.push(performance.now() - started);
  }
  const first = wall[0];
  const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
  const rest = (list) => list.slice(1);

  for (const [name, { replay, ms, cpu }] of replays)
    console.log(
      `replay, ${name}: ${replay.exchanges} exchanges (${distinct} distinct recordings dealt round-robin) of ${replay.teams.length} teams in ${(ms / 1000).toFixed(2)} s wall, ${(cpu / 1000).toFixed(2)} s CPU (${replay.refusals.length} refusals, ${replay.skipped} outside the spec)`,
    );
  console.log(
    `compare: whole bundle, ${findings.length} findings; first in the process ${first.toFixed(1)} ms; the next ${COMPARES}: median ${median(rest(wall)).toFixed(1)} ms wall, ${median(rest(cpu)).toFixed(1)} ms CPU, fastest ${Math.min(...rest(wall)).toFixed(1)} ms`,
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
