// Benchmark of the suite's new parts, against the sandbox in its own process (as `cloud-mock sandbox`
// runs it):
// 1. generated requests per second: every operation's generated cases (steered, random and invalid),
//    the operations side by side, generation, sending, judging and coverage all included;
// 2. the record proxy (`contract-tests record`, its own process): the latency it adds at p50 and p99 on
//    loopback (one request at a time) and its throughput next to calling the sandbox directly and next to a
//    forward-only node:http proxy that records nothing (FORWARDER below: the ceiling of any proxy written
//    on node:http on this machine);
// 3. the record proxy's throughput when every request carries another key (10 and 5,000 distinct keys,
//    each also answered back as an `api_key`): redaction costs the same whatever the number of secrets;
// 4. the record proxy's memory (peak RSS, from /proc) while it records BENCH_BIG (default 1,000)
//    exchanges with 5 MB request bodies: bodies are streamed through, and at most 1 MiB of each is kept.
// Every figure is the median of ROUNDS rounds of one run. Loops are bounded in count and time.
// Run: pnpm --filter @cloud-contract/contract-tests bench   (BENCH_ROUNDS=5, BENCH_SECONDS=3,
// BENCH_LATENCY_REQUESTS=2000, BENCH_CASES=30: random generated cases per operation)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { findFreePort as freePort, SANDBOX_API_KEY, SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { createJudge } from "../dist/judge.js";
import { sandboxGenerators } from "./sandbox-generators.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LATENCY_REQUESTS = Number(process.env.BENCH_LATENCY_REQUESTS ?? 2000);
const CONCURRENCY = 16;
const MOCK_BIN = fileURLToPath(
  import.meta.resolve("@cloud-contract/mock/package.json").replace("package.json", "bin/cloud-mock.js"),
);
const OWN_BIN = fileURLToPath(new URL("../bin/contract-tests.js", import.meta.url));
const PATH = `/cloud/v1/tasks/${SANDBOX_FIXTURES.projectId}/${SANDBOX_FIXTURES.regionId}/active?limit=10`;

const KEY_COUNTS = [10, 5_000];
const BIG_EXCHANGES = Number(process.env.BENCH_BIG ?? 1000);
const CASES = Number(process.env.BENCH_CASES ?? 30);
const BIG_BODY = Buffer.alloc(5 * 1024 * 1024, 97);
const BIG_IN_FLIGHT = 8;

/**
 * A proxy that only forwards (node:http server, keep-alive node:http client, bodies piped both ways) and
 * records nothing: what a proxy costs on this machine before it records anything.
 */
const FORWARDER = `
const http = require("node:http");
const [port, upstreamPort] = process.argv.slice(1).map(Number);
const agent = new http.Agent({ keepAlive: true });
const hop = new Set(["connection", "keep-alive", "transfer-encoding"]);
const forwardable = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !hop.has(name)));
const server = http.createServer((req, res) => {
  const options = { host: "127.0.0.1", port: upstreamPort, path: req.url, method: req.method, agent };
  const out = http.request({ ...options, headers: forwardable(req.headers) }, (answer) => {
    res.writeHead(answer.statusCode, forwardable(answer.headers));
    answer.pipe(res);
  });
  out.on("error", () => res.destroy());
  req.pipe(out);
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => console.log("forwarding"));
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/**
 * The median of the ratios of each round (both figures measured back to back), and each round's: the
 * load of this machine drifts between rounds, which a ratio of two medians would fold in.
 */
const percent = (parts, wholes) => {
  const ratios = parts.map((part, round) => (part / wholes[round]) * 100);
  return `${median(ratios).toFixed(0)}%, rounds ${ratios.map((r) => r.toFixed(0)).join("/")}`;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Starts a bin in its own process; resolves once it prints `ready` (a pattern) on stdout. */
function startProcess(args, ready) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`not ready after 30 s: ${output}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
    child.stdout.on("data", (chunk) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(base, key = SANDBOX_API_KEY, path = PATH) {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent, headers: { authorization: `apikey ${key}` } }, (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Latencies of LATENCY_REQUESTS requests one after another (ms, sorted). */
async function latencies(base) {
  for (let i = 0; i < 200; i++) await get(base);
  const out = [];
  const deadline = performance.now() + 30_000;
  for (let i = 0; i < LATENCY_REQUESTS && performance.now() < deadline; i++) {
    const t0 = performance.now();
    await get(base);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/** Requests per second with CONCURRENCY in flight for SECONDS (`send(i)` sends the i-th request). */
async function throughput(base, send = () => get(base)) {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      await send(done);
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - t0) / 1000);
}

/** Every operation's generated cases at once; requests per second. */
async function generatedRate(baseUrl, round) {
  const judge = createJudge();
  const generators = sandboxGenerators(judge, baseUrl, round + 1, CASES);
  const t0 = performance.now();
  const runs = await Promise.all(generators.map((g) => g.run()));
  const seconds = (performance.now() - t0) / 1000;
  const sent = runs.reduce((n, r) => n + r.sent, 0);
  const failures = runs.reduce((n, r) => n + r.failures.length, 0);
  return { rate: sent / seconds, sent, failures };
}

/** An upstream that answers every request with the key it came with as `api_key`, and reads any body. */
function startEchoUpstream() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const key = (req.headers.authorization ?? "").split(" ")[1] ?? "";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ api_key: key, ok: true }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
const peakRssMb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

function postBig(base) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/upload`,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        res.on("end", resolve);
      },
    );
    req.on("error", reject);
    req.end(BIG_BODY);
  });
}

/** Starts `record` in front of `upstream`, writing to `dir`; resolves once it listens. */
async function startRecorder(upstream, dir) {
  const port = await freePort();
  const started = await startProcess(
    [OWN_BIN, "record", "--upstream", upstream, "--port", String(port), "--out", dir],
    /recording http/,
  );
  return { process: started, url: `http://127.0.0.1:${port}` };
}

/** Throughput through a recorder with 10 and 5,000 distinct keys, then its memory over 5 MB bodies. */
async function recorderUnderKeysAndBodies() {
  const upstream = await startEchoUpstream();
  const upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;
  const dir = mkdtempSync(join(tmpdir(), "bench-keys-"));
  const { process: recorder, url: base } = await startRecorder(upstreamUrl, dir);
  try {
    const byKeys = {};
    // One untimed round first: a fresh recorder process is still warming up (its JIT), which made the first
    // measured key count look slower than the second.
    await throughput(base, (i) => get(base, `bench-warm-up-${i % KEY_COUNTS[0]}`, "/keys"));
    const keysOf = (count) =>
      Array.from(
        { length: count },
        (_, i) => `bench-key-${count}-${i}-${Math.random().toString(36).slice(2)}`,
      );
    const keySets = KEY_COUNTS.map(keysOf);
    for (const count of KEY_COUNTS) byKeys[count] = [];
    // Both key counts in every round, back to back, so that each round gives a ratio.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [n, count] of KEY_COUNTS.entries()) {
        const keys = keySets[n];
        byKeys[count].push(await throughput(base, (i) => get(base, keys[i % count], "/keys")));
      }
    }
    const before = rssMb(recorder.pid);
    const deadline = performance.now() + 180_000;
    let sent = 0;
    const worker = async () => {
      while (sent < BIG_EXCHANGES && performance.now() < deadline) {
        sent++;
        await postBig(base);
      }
    };
    await Promise.all(Array.from({ length: BIG_IN_FLIGHT }, worker));
    return { byKeys, before, peak: peakRssMb(recorder.pid), after: rssMb(recorder.pid), sent };
  } finally {
    await stop(recorder);
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

const sandboxPort = await freePort();
const sandbox = await startProcess([MOCK_BIN, "sandbox", "--port", String(sandboxPort)], /127\.0\.0\.1/);
const direct = `http://127.0.0.1:${sandboxPort}`;
const out = mkdtempSync(join(tmpdir(), "bench-record-"));
const { process: proxy, url: proxied } = await startRecorder(direct, out);
const forwarderPort = await freePort();
const forwarder = await startProcess(
  ["-e", FORWARDER, String(forwarderPort), String(sandboxPort)],
  /forwarding/,
);
const forwarded = `http://127.0.0.1:${forwarderPort}`;

try {
  const generated = [];
  const p50 = [];
  const p99 = [];
  const directRps = [];
  const proxiedRps = [];
  const forwardedRps = [];
  for (let round = 0; round < ROUNDS; round++) {
    generated.push(await generatedRate(direct, round));
    const [d, p] = [await latencies(direct), await latencies(proxied)];
    p50.push(percentile(p, 50) - percentile(d, 50));
    p99.push(percentile(p, 99) - percentile(d, 99));
    directRps.push(await throughput(direct));
    proxiedRps.push(await throughput(proxied));
    forwardedRps.push(await throughput(forwarded));
  }
  const recorder = await recorderUnderKeysAndBodies();
  const [few, many] = KEY_COUNTS.map((count) => recorder.byKeys[count]);
  const rate = median(generated.map((g) => g.rate));
  const { sent, failures } = generated[0];
  process.stdout.write(
    [
      `rounds: ${ROUNDS} (figures are medians)`,
      `generated requests against the sandbox: ${rate.toFixed(0)}/s (${sent} requests per round, ${failures} failures; target ≥ 500/s)`,
      `record proxy added latency (${LATENCY_REQUESTS} sequential GETs): p50 ${median(p50).toFixed(3)} ms, p99 ${median(p99).toFixed(3)} ms (target p50 ≤ 1 ms)`,
      `throughput with ${CONCURRENCY} in flight: direct ${median(directRps).toFixed(0)} req/s, through the proxy ${median(proxiedRps).toFixed(0)} req/s (${percent(proxiedRps, directRps)}; target ≥ 50%)`,
      `  a forward-only node:http proxy that records nothing: ${median(forwardedRps).toFixed(0)} req/s (${percent(forwardedRps, directRps)} of direct); the record proxy makes ${percent(proxiedRps, forwardedRps)} of it`,
      `record proxy with distinct keys (${CONCURRENCY} in flight, each key also answered as api_key): ${KEY_COUNTS[0]} keys ${median(few).toFixed(0)} req/s, ${KEY_COUNTS[1]} keys ${median(many).toFixed(0)} req/s (${percent(many, few)}; target 90–110%)`,
      `record proxy memory over ${recorder.sent} exchanges with 5 MB request bodies (${BIG_IN_FLIGHT} in flight): RSS ${recorder.before.toFixed(0)} MB before, peak ${recorder.peak.toFixed(0)} MB, ${recorder.after.toFixed(0)} MB after`,
      "",
    ].join("\n"),
  );
} finally {
  agent.destroy();
  await stop(proxy);
  await stop(forwarder);
  await stop(sandbox);
  rmSync(out, { recursive: true, force: true });
}
