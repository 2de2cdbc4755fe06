// Benchmark: requests per second and p50/p99 latency of the sandbox and of Prism (both as their CLI runs
// them), next to a bare node:http server that answers a fixed body — the ceiling on this machine.
// Run: pnpm --filter @cloud-contract/mock bench   (BENCH_SECONDS=3 per measurement, BENCH_ROUNDS=3,
// BENCH_WARMUP_SECONDS=1 before each first round; 0 skips the warm-up)
// Every server runs in its own process; autocannon runs in this one. Each row is the median round (by
// requests per second) of several interleaved rounds, so one disturbed round moves no figure.
import { SANDBOX_FIXTURES as F } from "../dist/index.js";
import { cannon } from "./cannon.mjs";
import { BARE, BIN, launch } from "./servers.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const KEY = F.apiKey;

const SCENARIOS = [
  { name: "GET active tasks", method: "GET", path: `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active` },
  {
    name: "POST notification setting",
    method: "POST",
    path: `/iam/reselling/resellers/${F.resellerId}/notification_settings`,
    // autocannon puts a fresh id in place of [<id>] for every request, so no e-mail repeats (no 409).
    body: '{"notification_type":"failed_login","email":"bench-[<id>]@example.com"}',
  },
];

function run(url, scenario, connections, seconds) {
  return cannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    headers: { Authorization: `apikey ${KEY}`, "Content-Type": "application/json" },
    ...(scenario.body ? { body: scenario.body, idReplacement: true } : {}),
    connections,
    pipelining: 1,
    duration: seconds,
  });
}

const servers = [];
const stopAll = () => Promise.all(servers.map((s) => s.stop()));
process.on("SIGINT", () => stopAll().then(() => process.exit(130)));

try {
  servers.push(await launch("bare node:http", (port) => ["-e", BARE, String(port)]));
  // The write scenario creates settings for as long as it runs: the per-tenant limit is lifted for it.
  servers.push(
    await launch("sandbox", (port) => [BIN, "sandbox", "--port", String(port), "--max-objects", "100000000"]),
  );
  servers.push(await launch("prism", (port) => [BIN, "prism", "--port", String(port)]));

  const rows = [];
  for (const scenario of SCENARIOS) {
    for (const connections of [1, 32]) {
      const rounds = new Map(servers.map((server) => [server.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const server of servers) {
          if (round === 0 && WARMUP_SECONDS > 0) await run(server.url, scenario, connections, WARMUP_SECONDS);
          rounds.get(server.name).push(await run(server.url, scenario, connections, SECONDS));
          process.stderr.write(".");
        }
      }
      const median = new Map([...rounds].map(([name, results]) => [name, medianRound(results)]));
      const bare = median.get("bare node:http").requestsPerSecond;
      const prism = median.get("prism").requestsPerSecond;
      for (const server of servers) {
        const result = median.get(server.name);
        rows.push({
          scenario: scenario.name,
          c: connections,
          server: server.name,
          "req/s": Math.round(result.requestsPerSecond),
          "p50 ms": result.latency.p50,
          "p99 ms": result.latency.p99,
          "non-2xx": result.non2xx + result.errors + result.timeouts,
          "% of bare": `${((result.requestsPerSecond / bare) * 100).toFixed(0)}%`,
          "× prism": (result.requestsPerSecond / prism).toFixed(1),
        });
      }
    }
  }
  process.stderr.write("\n");

  console.log(
    `\nThroughput and latency: median of ${ROUNDS} rounds of ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up (autocannon, 127.0.0.1)\n`,
  );
  console.table(rows);
  console.log("\nStart-up (spawn until the first HTTP answer):");
  console.table(servers.map((s) => ({ server: s.name, "start-up ms": Math.round(s.startupMs) })));

  const sandboxRows = rows.filter((r) => r.server === "sandbox" && r.c === 32);
  const failures = [];
  for (const row of sandboxRows) {
    const bare = rows.find((r) => r.server.startsWith("bare") && r.scenario === row.scenario && r.c === 32);
    if (row["req/s"] < bare["req/s"] * 0.6)
      failures.push(`${row.scenario}: ${row["% of bare"]} of bare (target ≥ 60%)`);
    if (row["p99 ms"] >= 10) failures.push(`${row.scenario}: p99 ${row["p99 ms"]} ms (target < 10 ms)`);
    if (row["non-2xx"] > 0) failures.push(`${row.scenario}: ${row["non-2xx"]} non-2xx answers`);
  }
  const sandbox = servers.find((s) => s.name === "sandbox");
  const prism = servers.find((s) => s.name === "prism");
  if (sandbox.startupMs > prism.startupMs) failures.push("sandbox start-up slower than Prism's");
  console.log(
    failures.length
      ? `\nTargets missed:\n- ${failures.join("\n- ")}`
      : "\nTargets met: sandbox ≥ 60% of bare and p99 < 10 ms at c=32; start-up faster than Prism.",
  );
} finally {
  await stopAll();
}

/** The round whose throughput is the median of the rounds (the upper one for an even count). */
function medianRound(results) {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)];
}
