#!/usr/bin/env node
// The release gate's two costs on this machine: replaying 10,000 recorded exchanges of 20 consumer teams
// against the candidate spec and the branch's base (requests and answers), and one comparison of the whole
// bundle with the released one.
// Usage: pnpm --filter @cloud-contract/release bench   (builds the package first)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compareSpecs } from "../dist/diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../dist/diff/deprecation.js";
import { replayTeams } from "../dist/recorded-teams.js";

const TEAMS = 20;
const EXCHANGES = 10_000;
const root = fileURLToPath(new URL("../../..", import.meta.url));
const released = JSON.parse(readFileSync(join(root, "spec", "released", "openapi.json"), "utf8"));
const candidate = JSON.parse(readFileSync(join(root, "spec", "dist", "openapi.json"), "utf8"));

// The repository's recorded exchanges, dealt round-robin to 20 teams until there are 10,000.
const recorded = readdirSync(join(root, "consumers"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(root, "consumers", d.name))
      .filter((f) => f.endsWith(".har"))
      .flatMap((f) => JSON.parse(readFileSync(join(root, "consumers", d.name, f), "utf8")).log.entries),
  );
if (recorded.length === 0) throw new Error("no recordings in consumers/: run scripts/record-consumers.mjs");
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

  const start = performance.now();
  const replayUsed = process.cpuUsage();
  // Both sides of the wire, against the candidate and the branch's base (here the candidate itself).
  const replay = replayTeams(root, folder, released, candidate, policy, structuredClone(candidate));
  const replayMs = performance.now() - start;
  const replayCpu = process.cpuUsage(replayUsed);

  const today = new Date().toISOString().slice(0, 10);
  const options = { policy: { ...DEFAULT_DEPRECATION_POLICY, today } };
  // Each comparison on fresh copies (nothing remembered from an earlier one); the first pays for the JIT.
  const copies = Array.from({ length: 21 }, () => [structuredClone(released), structuredClone(candidate)]);
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

  console.log(
    `replay: ${replay.exchanges} exchanges of ${replay.teams.length} teams in ${(replayMs / 1000).toFixed(2)} s wall, ${((replayCpu.user + replayCpu.system) / 1e6).toFixed(2)} s CPU (${replay.refusals.length} refused, ${replay.skipped} outside the spec)`,
  );
  console.log(
    `compare: whole bundle, ${findings.length} findings; first in the process ${first.toFixed(1)} ms; the next 20: median ${median(rest(wall)).toFixed(1)} ms wall, ${median(rest(cpu)).toFixed(1)} ms CPU, fastest ${Math.min(...rest(wall)).toFixed(1)} ms`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
