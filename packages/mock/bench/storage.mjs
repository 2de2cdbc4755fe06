// First the writes of every storage mode (bench/storage-writes.mjs: POSTs at 1, 32 and 256 in flight, server
// CPU per request, acknowledged writes after SIGKILL; STORAGE_BENCH_ROUNDS, STORAGE_BENCH_SECONDS,
// STORAGE_BENCH_WARMUP_MS (200, before each measurement),
// STORAGE_BENCH_MODES=memory,LMDB,"JSON file",PostgreSQL, STORAGE_BENCH_KILL_AFTER_MS; STORAGE_BENCH_BEFORE=<a
// checkout's packages/mock, built> adds that build's durable modes to the rounds, STORAGE_BENCH_SIDE_BY_SIDE=1
// measures each of them at the same time as this build's), then
// the benchmark of the sandbox's three storage modes — memory, embedded (--data-dir, LMDB) and PostgreSQL
// (--database-url, a throwaway server started here) — printed as one table:
//   creates/s      bare metal POSTs answered per second at 32 connections (autocannon, 3 s or
//                  STORAGE_BENCH_CREATE_SECONDS); for PostgreSQL also
//                  how many transactions committed them (a tenant's waiting writers commit together)
//   last page p50  GET of the active-tasks list's last page with 1 000 / 10 000 / 100 000 stored tasks
//   memory/server  heap per stored bare metal server (task + server + port), memory mode
//   restart        loading 100 000 stored tasks at start
// and, with PostgreSQL: requests/s of the active-tasks GET at 32 connections with a valid key and with random
// unknown keys, 1 000 tenants stored (target: unknown within 2× of valid).
// Run: pnpm --filter @cloud-contract/mock bench:storage   (node --expose-gc; STORAGE_BENCH_MAX=100000;
// smaller counts: STORAGE_BENCH_GET_SECONDS=2, STORAGE_BENCH_SERVERS=10000, STORAGE_BENCH_TENANTS=1000)
// STORAGE_BENCH_ONLY=postgres-creates measures the PostgreSQL creates/s alone; STORAGE_BENCH_ONLY=writes the
// writes alone.
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBinDir } from "../../../scripts/ensure-system-deps.mjs";
import { startPostgres } from "../dist/sandbox/durable/throwaway-postgres.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../dist/sandbox/fixtures/ids.js";
import { listen } from "../dist/sandbox/http/listen.js";
import { openSandboxHandler } from "../dist/sandbox/server.js";
import { cannon } from "./cannon.mjs";
import { storageWrites } from "./storage-writes.mjs";

const MAX = Number(process.env.STORAGE_BENCH_MAX ?? 100_000);
const CREATE_SECONDS = Number(process.env.STORAGE_BENCH_CREATE_SECONDS ?? 3);
const GET_SECONDS = Number(process.env.STORAGE_BENCH_GET_SECONDS ?? 2);
const SERVERS = Number(process.env.STORAGE_BENCH_SERVERS ?? 10_000);
const TENANTS = Number(process.env.STORAGE_BENCH_TENANTS ?? 1_000);
const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= MAX);
const DAY = 86_400_000;
const bareMetal = JSON.stringify({
  flavor: F.bareMetalFlavor,
  image_id: F.imageId,
  interfaces: [{ type: "external" }],
});
const headers = { Authorization: `apikey ${SANDBOX_API_KEY}`, "Content-Type": "application/json" };
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

async function open(options) {
  // The benchmark creates as many entities as it can: the per-tenant limit is lifted for it.
  const sandbox = await openSandboxHandler({ maxObjectsPerCollection: 100_000_000, ...options });
  const server = await listen(sandbox.handler, 0, "127.0.0.1");
  return {
    ...sandbox,
    url: server.url,
    async close() {
      await server.close();
      if (sandbox.durability) {
        await sandbox.durability.commit();
        await sandbox.durability.backend.close();
      }
    },
  };
}

async function createsPerSecond(options) {
  const sandbox = await open({ ...options, taskDelayMs: DAY });
  try {
    const result = await cannon({
      url: `${sandbox.url}/cloud/v1/bminstances/${F.projectId}/${F.regionId}`,
      method: "POST",
      headers,
      body: bareMetal,
      connections: 32,
      duration: CREATE_SECONDS,
    });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} creates failed`);
    return {
      perSecond: Math.round(result.requestsPerSecond),
      answered: result.requests.total,
      transactions: sandbox.durability?.backend.committedTransactions,
    };
  } finally {
    await sandbox.close();
  }
}

function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent }, (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** p50 of 300 sequential GETs of the last page (10 items), in ms. */
async function lastPageP50(url, count) {
  const path = `${url}/cloud/v1/tasks/${F.projectId}/${F.regionId}/active?limit=10&offset=${count - 10}`;
  const times = [];
  for (let i = 0; i < 330; i++) {
    const t = performance.now();
    await get(path);
    if (i >= 30) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Adds running tasks in process (as the create handler does), committing 5 000 at a time when durable. */
async function fill(sandbox, upTo) {
  const { store, durability } = sandbox;
  let count = store
    .snapshot()
    .tasks.filter(
      (t) => t.state === "RUNNING" && t.project_id === F.projectId && t.region_id === F.regionId,
    ).length;
  while (count < upTo) {
    const step = Math.min(5_000, upTo - count);
    for (let i = 0; i < step; i++) {
      store.parts.cloud.scheduler.start(
        {
          task_type: "create_bm",
          project_id: F.projectId,
          region_id: F.regionId,
          request_id: `fill-${count + i}`,
        },
        { state: "ERROR", error: "bench" },
      );
    }
    count += step;
    if (durability) await durability.commit(store);
  }
  return count;
}

async function listAndRestart(options) {
  let sandbox = await open({ ...options, taskDelayMs: DAY });
  const p50 = {};
  let restartMs;
  try {
    for (const size of SIZES) {
      const count = await fill(sandbox, size);
      p50[size] = await lastPageP50(sandbox.url, count);
    }
    if (options.dataDir || options.databaseUrl) {
      await sandbox.close();
      const t = performance.now();
      sandbox = await open({ ...options, taskDelayMs: DAY });
      restartMs = performance.now() - t;
    }
  } finally {
    await sandbox.close();
  }
  return { p50, restartMs };
}

/** Active-tasks GETs per second at 32 connections for GET_SECONDS, each with a key from `keyOf()`. */
async function getsPerSecond(url, keyOf) {
  const result = await cannon({
    url: `${url}/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`,
    connections: 32,
    duration: GET_SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, headers: { Authorization: `apikey ${keyOf()}` } }) }],
  });
  if (result.errors > 0 || result.timeouts > 0) {
    console.log(`\n  GET active tasks: ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { perSecond: Math.round(result.requestsPerSecond), statuses: result.non2xx };
}

/** Valid-key and unknown-key requests/s with TENANTS (1 000) stored in PostgreSQL (another replica made them). */
async function unknownKeys(databaseUrl) {
  const maker = await open({ databaseUrl, maxTenants: 2_000 });
  const keys = [];
  for (let i = 0; i < TENANTS; i++) keys.push(maker.tenants.create(`bench-${i}`).record.keys[0].api_key);
  await maker.durability.commit();
  await maker.close();
  const sandbox = await open({ databaseUrl, maxTenants: 2_000 });
  try {
    // A stored tenant's key: the default world holds the earlier creates' thousands of running tasks.
    const valid = await getsPerSecond(sandbox.url, () => keys[0]);
    let n = 0;
    const unknown = await getsPerSecond(sandbox.url, () => `sbx_unknown-${n++}`);
    return { valid: valid.perSecond, unknown: unknown.perSecond, stored: keys.length };
  } finally {
    await sandbox.close();
  }
}

async function memoryPerServer() {
  const N = SERVERS;
  const sandbox = await open({ taskDelayMs: 0 });
  try {
    globalThis.gc?.();
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    const result = await cannon({
      url: `${sandbox.url}/cloud/v1/bminstances/${F.projectId}/${F.regionId}`,
      method: "POST",
      headers,
      body: bareMetal,
      connections: 32,
      amount: N,
    });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} creates failed`);
    sandbox.store.settle();
    globalThis.gc?.();
    globalThis.gc?.();
    return (process.memoryUsage().heapUsed - before) / N / 1024;
  } finally {
    await sandbox.close();
  }
}

/** PostgreSQL creates/s alone, one line, for alternated runs against another build of the sandbox. */
async function postgresCreatesOnly() {
  const postgres = await startPostgres(postgresBinDir());
  try {
    const creates = await createsPerSecond({ databaseUrl: postgres.url });
    console.log(
      `PostgreSQL creates at 32 connections: ${creates.perSecond}/s, ` +
        `${creates.answered} answered in ${creates.transactions} transactions`,
    );
  } finally {
    agent.destroy();
    await postgres.stop();
  }
}

async function allModes() {
  // Memory first, while the heap holds nothing of the other measurements.
  const kib = await memoryPerServer();
  const rows = [];
  let postgresCreates;
  const postgres = await startPostgres(postgresBinDir());
  const dirs = [];
  try {
    const modes = [
      ["memory", () => ({})],
      [
        "embedded (LMDB)",
        () => {
          const dir = mkdtempSync(join(tmpdir(), "bench-data-"));
          dirs.push(dir);
          return { dataDir: dir };
        },
      ],
      ["PostgreSQL", () => ({ databaseUrl: postgres.url })],
    ];
    for (const [name, make] of modes) {
      process.stdout.write(`${name}: creates…`);
      const creates = await createsPerSecond(make());
      if (name === "PostgreSQL") postgresCreates = creates;
      process.stdout.write(" lists…");
      const { p50, restartMs } = await listAndRestart(make());
      process.stdout.write(" done\n");
      const row = { mode: name, "creates/s (c=32)": creates.perSecond };
      for (const size of SIZES) row[`last page p50 @${size / 1000}k (ms)`] = p50[size].toFixed(2);
      row["restart (ms)"] = restartMs === undefined ? "—" : Math.round(restartMs);
      rows.push(row);
    }
    console.table(rows);
    console.log(
      `PostgreSQL creates at 32 connections: ${postgresCreates.perSecond}/s (target ≥ 1 000), ` +
        `${postgresCreates.answered} answered in ${postgresCreates.transactions} transactions`,
    );
    process.stdout.write("PostgreSQL unknown keys…");
    const keys = await unknownKeys(postgres.url);
    console.log(
      ` ${keys.stored} tenants stored: valid key ${keys.valid} req/s, unknown keys ${keys.unknown} req/s ` +
        `(valid/unknown ×${(keys.valid / keys.unknown).toFixed(2)}, target ≤ 2)`,
    );
    const first = rows[0][`last page p50 @${SIZES[0] / 1000}k (ms)`];
    const last = rows[0][`last page p50 @${SIZES.at(-1) / 1000}k (ms)`];
    console.log(
      `memory per stored server (memory mode; the durable modes keep the same working set): ${kib.toFixed(2)} KiB`,
    );
    console.log(
      `last page growth ${SIZES[0] / 1000}k → ${SIZES.at(-1) / 1000}k (memory): ×${(last / first).toFixed(2)} (target ≤ 1.5)`,
    );
  } finally {
    agent.destroy();
    await postgres.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.env.STORAGE_BENCH_ONLY;
if (only === "postgres-creates") await postgresCreatesOnly();
else {
  await storageWrites({
    rounds: Number(process.env.STORAGE_BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.STORAGE_BENCH_SECONDS ?? 2),
    warmUpMs: Number(process.env.STORAGE_BENCH_WARMUP_MS ?? 200),
    levels: [1, 32, 256],
    killAfterMs: Number(process.env.STORAGE_BENCH_KILL_AFTER_MS ?? 1_000),
    sideBySide: process.env.STORAGE_BENCH_SIDE_BY_SIDE === "1",
    ...(process.env.STORAGE_BENCH_MODES ? { only: process.env.STORAGE_BENCH_MODES.split(",") } : {}),
  });
  if (only !== "writes") await allModes();
}
