// Writes through each storage mode, each sandbox in its own process (`cloud-mock sandbox`): POST
// addResellerNotificationSetting with 1, 32 and 256 requests in flight against memory, LMDB (--data-dir), the
// JSON file (--state-file) and PostgreSQL (--database-url), the modes interleaved within each round. Per
// measurement: answers per second, p50 and p99 latency, and the sandbox process's CPU time per answer (from
// /proc, user + system, its write threads included). Then, per durable mode, a SIGKILL while 32 writes are in
// flight and a restart on the same store: how many acknowledged writes are found and lost.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open } from "lmdb";
import pg from "pg";
import { postgresBinDir } from "../../../scripts/ensure-system-deps.mjs";
import { startPostgres } from "../dist/sandbox/durable/throwaway-postgres.js";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../dist/sandbox/fixtures/ids.js";
import { BIN, launch } from "./servers.mjs";

const settingsPath = `/iam/reselling/resellers/${F.resellerId}/notification_settings`;
const TICKS_PER_SECOND = 100;

function send(agent, url, method, path, key, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, url),
      { method, agent, headers: { Authorization: `apikey ${key}`, "Content-Type": "application/json" } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The process's CPU time so far, in ms (user + system, every thread). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

let emails = 0;

/**
 * Keeps `inFlight` POSTs going until `stop()` says so; each 201 is acknowledged (its e-mail kept). A worker
 * whose connection fails stops (the server is gone). Resolves to the latencies and acknowledged e-mails.
 */
async function flood(url, key, inFlight, stop) {
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const latencies = [];
  const acknowledged = [];
  let failed = 0;
  const worker = async () => {
    while (!stop()) {
      const email = `w${process.pid}-${emails++}@example.com`;
      const started = performance.now();
      try {
        const res = await send(agent, url, "POST", settingsPath, key, {
          notification_type: "failed_login",
          email,
        });
        if (res.status !== 201) {
          failed++;
          continue;
        }
      } catch {
        return;
      }
      latencies.push(performance.now() - started);
      acknowledged.push(email);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  agent.destroy();
  return { latencies, acknowledged, failed };
}

async function newTenant(url) {
  const res = await send(undefined, url, "POST", "/__sandbox/tenants", SANDBOX_API_KEY);
  if (res.status !== 201) throw new Error(`tenant creation answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text).api_key;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/**
 * The committed transactions of an LMDB sandbox's folder so far, read from another process (this one); undefined
 * for the other modes.
 */
function transactionsOf(server) {
  if (!server.dataDir) return undefined;
  const db = open({ path: server.dataDir, noSubdir: false, readOnly: true });
  try {
    return db.getStats().lastTxnId;
  } finally {
    db.close();
  }
}

/**
 * One measurement: a fresh tenant, `warmUpMs` of writes not counted, then `seconds` of writes at `inFlight`.
 * For LMDB also the writes per transaction (how many writes its groups put together).
 */
async function measure(server, inFlight, seconds, warmUpMs) {
  const key = await newTenant(server.url);
  const warm = performance.now() + warmUpMs;
  await flood(server.url, key, inFlight, () => performance.now() > warm);
  const cpuBefore = cpuMs(server.child.pid);
  const transactionsBefore = transactionsOf(server);
  const started = performance.now();
  const end = started + seconds * 1000;
  const { latencies, failed } = await flood(server.url, key, inFlight, () => performance.now() > end);
  const wallMs = performance.now() - started;
  const cpu = cpuMs(server.child.pid) - cpuBefore;
  const transactions = transactionsBefore === undefined ? NaN : transactionsOf(server) - transactionsBefore;
  if (failed > 0) throw new Error(`${server.name}: ${failed} writes not answered 201`);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: (latencies.length / wallMs) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuUs: (cpu / latencies.length) * 1000,
    writesPerTransaction: latencies.length / transactions,
  };
}

/** SIGKILL while 32 writes are in flight, a restart on the same store: acknowledged writes found and lost. */
async function crash(mode, killAfterMs) {
  let server = await mode.start();
  const key = await newTenant(server.url);
  let killed = false;
  const flooding = flood(server.url, key, 32, () => killed);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  server.child.kill("SIGKILL");
  killed = true;
  const { acknowledged } = await flooding;
  await new Promise((resolve) =>
    server.child.exitCode === null ? server.child.once("exit", resolve) : resolve(),
  );
  server = await mode.start();
  try {
    const state = await send(undefined, server.url, "GET", "/__sandbox/state", key);
    if (state.status !== 200) throw new Error(`${mode.name}: state after restart answered ${state.status}`);
    const stored = new Set(JSON.parse(state.text).notificationSettings.map((s) => s.email));
    const lost = acknowledged.filter((email) => !stored.has(email)).length;
    return { acknowledged: acknowledged.length, found: acknowledged.length - lost, lost };
  } finally {
    await server.stop();
  }
}

/** The four modes, each with a store made for this run and removed by `remove()`. */
async function modes() {
  const postgres = await startPostgres(postgresBinDir());
  const dir = mkdtempSync(join(tmpdir(), "bench-writes-"));
  const sandbox = (name, flags, bin = BIN, twinOf = undefined) => ({
    name,
    twinOf,
    durable: flags.length > 0,
    start: async () => ({
      ...(await launch(name, (port) => [
        bin,
        "sandbox",
        "--port",
        String(port),
        "--task-delay",
        "86400000",
        "--max-objects",
        "100000000",
        "--max-tenants",
        "1000000",
        ...flags,
      ])),
      dataDir: flags[0] === "--data-dir" ? flags[1] : undefined,
    }),
  });
  // Another build's durable modes beside this one's (STORAGE_BENCH_BEFORE: a checkout's packages/mock, built).
  const before = process.env.STORAGE_BENCH_BEFORE;
  const beforeBin = before && join(before, "bin", "cloud-mock.js");
  const database = (name) => postgres.url.replace(/\/postgres$/, `/${name}`);
  if (beforeBin) {
    const client = new pg.Client(postgres.url);
    await client.connect();
    await client.query("create database before");
    await client.end();
  }
  return {
    list: [
      sandbox("memory", []),
      sandbox("LMDB", ["--data-dir", join(dir, "lmdb")]),
      sandbox("JSON file", ["--state-file", join(dir, "state.json")]),
      sandbox("PostgreSQL", ["--database-url", postgres.url]),
      ...(beforeBin
        ? [
            sandbox("LMDB before", ["--data-dir", join(dir, "lmdb-before")], beforeBin, "LMDB"),
            sandbox("JSON before", ["--state-file", join(dir, "state-before.json")], beforeBin, "JSON file"),
            sandbox("PG before", ["--database-url", database("before")], beforeBin, "PostgreSQL"),
          ]
        : []),
    ],
    async remove() {
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes per transaction as printed: one decimal, a dash for the modes that do not count them. */
const perTransaction = (value) => (Number.isFinite(value) ? value.toFixed(1) : "—");

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs `rounds` rounds (the modes' order turned by one each round) and prints each measurement, then the
 * medians, the targets and the crash results.
 */
export async function storageWrites({ rounds, seconds, warmUpMs, levels, killAfterMs, only, sideBySide }) {
  const { list: all, remove } = await modes();
  const list = only ? all.filter((m) => only.includes(m.name)) : all;
  const results = new Map();
  const crashes = new Map();
  try {
    for (let round = 0; round < rounds; round++) {
      const order = list.map((_, i) => list[(i + round) % list.length]);
      const servers = new Map();
      try {
        for (const mode of order) servers.set(mode, await mode.start());
        for (const inFlight of levels) {
          const measured = new Set();
          for (const mode of order) {
            if (measured.has(mode)) continue;
            // Side by side: a mode and its twin of the other build are measured at the same time, so that both
            // see the same load from the rest of the machine.
            const twin = sideBySide && order.find((m) => m.twinOf === mode.name || mode.twinOf === m.name);
            const pair = twin ? [mode, twin] : [mode];
            const ms = await Promise.all(
              pair.map((m) => measure(servers.get(m), inFlight, seconds, warmUpMs)),
            );
            pair.forEach((m, i) => {
              measured.add(m);
              const key = `${m.name}\u0000${inFlight}`;
              results.set(key, [...(results.get(key) ?? []), ms[i]]);
              console.log(
                `round ${round + 1} ${m.name.padEnd(10)} ${String(inFlight).padStart(3)} in flight: ` +
                  `${Math.round(ms[i].perSecond)} req/s, p50 ${ms[i].p50.toFixed(1)} ms, p99 ${ms[i].p99.toFixed(1)} ms, ` +
                  `${Math.round(ms[i].cpuUs)} µs CPU/req` +
                  `, ${perTransaction(ms[i].writesPerTransaction)} writes/transaction` +
                  `${twin ? " (side by side)" : ""}`,
              );
            });
          }
        }
      } finally {
        for (const server of servers.values()) await server.stop();
      }
      for (const mode of order.filter((m) => m.durable)) {
        const c = await crash(mode, killAfterMs);
        crashes.set(mode.name, [...(crashes.get(mode.name) ?? []), c]);
        console.log(
          `round ${round + 1} ${mode.name.padEnd(10)} SIGKILL at 32 in flight: ${c.acknowledged} acknowledged, ` +
            `${c.found} found after restart, ${c.lost} lost`,
        );
      }
    }
  } finally {
    await remove();
  }
  const rate = (name, inFlight) =>
    median((results.get(`${name}\u0000${inFlight}`) ?? []).map((m) => m.perSecond));
  const rows = [];
  for (const mode of list) {
    for (const inFlight of levels) {
      const ms = results.get(`${mode.name}\u0000${inFlight}`) ?? [];
      rows.push({
        mode: mode.name,
        "in flight": inFlight,
        "req/s": Math.round(median(ms.map((m) => m.perSecond))),
        "× memory": (rate(mode.name, inFlight) / rate("memory", inFlight)).toFixed(2),
        "p50 ms": median(ms.map((m) => m.p50)).toFixed(1),
        "p99 ms": median(ms.map((m) => m.p99)).toFixed(1),
        "CPU µs/req": Math.round(median(ms.map((m) => m.cpuUs))),
        "writes/txn": perTransaction(median(ms.map((m) => m.writesPerTransaction))),
      });
    }
  }
  console.log(
    `\nPOST addResellerNotificationSetting, medians of ${rounds} interleaved rounds of ${seconds} s:`,
  );
  console.table(rows);
  if (levels.includes(32) && levels.includes(1)) {
    const check = (label, value, target) =>
      console.log(
        `${label}: ×${value.toFixed(2)} (target ≥ ${target}) ${value >= target ? "held" : "NOT held"}`,
      );
    check("LMDB ÷ memory at 32 in flight", rate("LMDB", 32) / rate("memory", 32), 0.5);
    check("PostgreSQL ÷ memory at 32 in flight", rate("PostgreSQL", 32) / rate("memory", 32), 0.5);
    check("LMDB at 32 ÷ LMDB at 1", rate("LMDB", 32) / rate("LMDB", 1), 5);
  }
  for (const mode of list.filter((m) => m.twinOf)) {
    const ratios = levels.map((n) => `${n}: ×${(rate(mode.twinOf, n) / rate(mode.name, n)).toFixed(2)}`);
    console.log(`${mode.twinOf} ÷ ${mode.name} (medians): ${ratios.join(", ")}`);
  }
  for (const [name, list] of crashes) {
    const sum = (f) => list.reduce((s, c) => s + c[f], 0);
    console.log(
      `${name}: SIGKILL at 32 in flight, ${list.length} rounds: ${sum("acknowledged")} acknowledged, ` +
        `${sum("found")} found, ${sum("lost")} lost (target 0 lost)`,
    );
  }
}
