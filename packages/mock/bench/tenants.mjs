// Benchmark of tenants, in one run:
// 1. creating a tenant: time per tenant (median of batches, in process) and memory per tenant (heap and
//    external growth after GC, divided by the count) — targets ≤ 5 ms and ≤ 2 MiB;
// 2. the active-tasks GET at 32 connections with 1 tenant in use and with 100 tenants in use (requests spread
//    over their keys) — target: within 10 %;
// 3. the existing bar: the sandbox (default key) at ≥ 0.5× a bare node:http server on that GET at 32 connections.
// Run: pnpm --filter @cloud-contract/mock bench:tenants   (BENCH_SECONDS=3 per round, BENCH_ROUNDS=3,
// BENCH_WARMUP_SECONDS=BENCH_SECONDS of warm-up per case; 0 skips it)
// Throughput rows are the median of interleaved rounds. Servers run in their own processes.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { SANDBOX_FIXTURES as F } from "../dist/index.js";
import { createSandboxHandler } from "../dist/sandbox/server.js";
import { cannon } from "./cannon.mjs";
import { BARE, BIN, launch } from "./servers.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? SECONDS);
const PATH = `/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`;
const BATCHES = 5;
const PER_BATCH = 100;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(3);

// --- 1. creation -------------------------------------------------------------------------------------
// The per-address creation limit is lifted: this measures creation itself.
const { tenants } = createSandboxHandler({
  maxTenants: BATCHES * PER_BATCH + 1,
  tenantCreation: { burst: BATCHES * PER_BATCH + 1, everyMs: 1 },
});
tenants.create(); // the first creation pays for compiling and the shared catalogue
const perTenantMs = [];
gc();
const before = process.memoryUsage();
for (let b = 0; b < BATCHES; b++) {
  const started = performance.now();
  for (let i = 0; i < PER_BATCH; i++) tenants.create();
  perTenantMs.push((performance.now() - started) / PER_BATCH);
}
gc();
const after = process.memoryUsage();
const created = BATCHES * PER_BATCH;
const bytesPerTenant = (after.heapUsed + after.external - before.heapUsed - before.external) / created;
const creationMs = median(perTenantMs);

// --- 2. and 3. throughput ----------------------------------------------------------------------------
function measure(url, keys, seconds = SECONDS) {
  // One prepared request per key; every connection cycles through them, so the keys are used evenly.
  return cannon({
    url,
    connections: 32,
    pipelining: 1,
    duration: seconds,
    requests: keys.map((key) => ({ method: "GET", path: PATH, headers: { Authorization: `apikey ${key}` } })),
  });
}

const bare = await launch("bare node:http", (port) => ["-e", BARE, String(port)]);
const sandbox = await launch("sandbox", (port) => [BIN, "sandbox", "--port", String(port)]);
let failures = [];
try {
  const keys = [];
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${sandbox.url}/__sandbox/tenants`, {
      method: "POST",
      headers: { Authorization: `apikey ${F.apiKey}` },
    });
    keys.push((await res.json()).api_key);
  }
  const cases = [
    { name: "bare node:http", url: bare.url, keys: [F.apiKey] },
    { name: "sandbox, default key", url: sandbox.url, keys: [F.apiKey] },
    { name: "sandbox, 1 tenant", url: sandbox.url, keys: keys.slice(0, 1) },
    { name: "sandbox, 100 tenants", url: sandbox.url, keys },
  ];
  const rounds = new Map(cases.map((c) => [c.name, []]));
  if (WARMUP_SECONDS > 0) for (const c of cases) await measure(c.url, c.keys, WARMUP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another case, so no case always runs right after the same one.
    for (const c of [...cases.slice(round % cases.length), ...cases.slice(0, round % cases.length)]) {
      rounds.get(c.name).push(await measure(c.url, c.keys));
      process.stderr.write(".");
    }
  }
  process.stderr.write("\n");
  const rps = new Map([...rounds].map(([name, results]) => [name, results.map((r) => r.requestsPerSecond)]));
  const med = (name) => median(rps.get(name));
  const rows = cases.map((c) => {
    const results = rounds.get(c.name);
    const chosen = results.find((r) => r.requestsPerSecond === med(c.name));
    return {
      case: c.name,
      "req/s (median)": Math.round(med(c.name)),
      "p99 ms": chosen.latency.p99,
      "non-2xx": chosen.non2xx + chosen.errors + chosen.timeouts,
      "% of bare": `${((med(c.name) / med("bare node:http")) * 100).toFixed(0)}%`,
    };
  });

  console.log(`\nTenant creation (in process, ${created} tenants in ${BATCHES} batches):`);
  console.log(`  time per tenant: ${creationMs.toFixed(3)} ms (median of batches; target ≤ 5 ms)`);
  console.log(`  memory per tenant: ${mib(bytesPerTenant)} MiB (heap + external after GC; target ≤ 2 MiB)`);
  console.log(`\nGET ${PATH} at 32 connections, median of ${ROUNDS} rounds of ${SECONDS} s:`);
  console.table(rows);
  const oneVsHundred = med("sandbox, 100 tenants") / med("sandbox, 1 tenant");
  const ofBare = med("sandbox, default key") / med("bare node:http");
  console.log(`100 tenants ÷ 1 tenant: ${oneVsHundred.toFixed(3)} (target within 10 %)`);
  console.log(`sandbox ÷ bare: ${ofBare.toFixed(3)} (target ≥ 0.5)`);

  failures = [
    creationMs > 5 && `creation ${creationMs.toFixed(2)} ms per tenant`,
    bytesPerTenant > 2 * 1024 * 1024 && `memory ${mib(bytesPerTenant)} MiB per tenant`,
    Math.abs(1 - oneVsHundred) > 0.1 && `100 tenants at ${(oneVsHundred * 100).toFixed(0)}% of 1 tenant`,
    ofBare < 0.5 && `sandbox at ${(ofBare * 100).toFixed(0)}% of bare`,
    ...rows.filter((r) => r["non-2xx"] > 0).map((r) => `${r.case}: ${r["non-2xx"]} non-2xx answers`),
  ].filter(Boolean);
  console.log(failures.length ? `\nTargets missed:\n- ${failures.join("\n- ")}` : "\nTargets met.");
} finally {
  await Promise.all([bare.stop(), sandbox.stop()]);
}
process.exitCode = failures.length ? 1 : 0;
