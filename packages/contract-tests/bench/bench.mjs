// Benchmark of the suite's new parts, against the sandbox in its own process (as `cloud-mock sandbox`
// runs it):
// 1. generated requests per second: every operation's generated cases (steered, random and invalid),
//    the operations side by side, generation, sending, judging and coverage all included;
// 2. the record proxy (`contract-tests record`, its own process): the latency it adds at p50 and p99 on
//    loopback (one request at a time) and its throughput next to calling the sandbox directly.
// Every figure is the median of ROUNDS rounds of one run. Loops are bounded in count and time.
// Run: pnpm --filter @cloud-contract/contract-tests bench   (BENCH_ROUNDS=3, BENCH_SECONDS=3)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { findFreePort as freePort, SANDBOX_API_KEY, SANDBOX_FIXTURES } from "@cloud-contract/mock";
import { createCoverageModel } from "../dist/coverage-report/model.js";
import { OperationGenerator } from "../dist/generate/engine.js";
import { createJudge } from "../dist/judge.js";
import { requestModels } from "../dist/request-model.js";
import { pathParameters } from "../dist/target-session.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LATENCY_REQUESTS = 2000;
const CONCURRENCY = 16;
const MOCK_BIN = fileURLToPath(
  import.meta.resolve("@cloud-contract/mock/package.json").replace("package.json", "bin/cloud-mock.js"),
);
const OWN_BIN = fileURLToPath(new URL("../bin/contract-tests.js", import.meta.url));
const PATH = `/cloud/v1/tasks/${SANDBOX_FIXTURES.projectId}/${SANDBOX_FIXTURES.regionId}/active?limit=10`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
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

function get(base) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${PATH}`,
      { agent, headers: { authorization: `apikey ${SANDBOX_API_KEY}` } },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
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

/** Requests per second with CONCURRENCY in flight for SECONDS. */
async function throughput(base) {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      await get(base);
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
  const coverage = createCoverageModel(judge);
  const ctx = { ids: SANDBOX_FIXTURES, fixtures: { finishedTaskId: SANDBOX_FIXTURES.finishedTaskId } };
  const pathParams = pathParameters(ctx, "00000000-0000-4000-8000-000000000000");
  const generators = requestModels(judge.doc).map(
    (model) =>
      new OperationGenerator(
        judge.doc,
        model,
        judge,
        coverage,
        { baseUrl, apiKey: SANDBOX_API_KEY, acceptPrismProblems: false },
        {
          cases: 30,
          seed: round + 1,
          pathParams,
        },
      ),
  );
  const t0 = performance.now();
  const runs = await Promise.all(generators.map((g) => g.run()));
  const seconds = (performance.now() - t0) / 1000;
  const sent = runs.reduce((n, r) => n + r.sent, 0);
  const failures = runs.reduce((n, r) => n + r.failures.length, 0);
  return { rate: sent / seconds, sent, failures };
}

const sandboxPort = await freePort();
const sandbox = await startProcess([MOCK_BIN, "sandbox", "--port", String(sandboxPort)], /127\.0\.0\.1/);
const direct = `http://127.0.0.1:${sandboxPort}`;
const out = mkdtempSync(join(tmpdir(), "bench-record-"));
const proxyPort = await freePort();
const proxy = await startProcess(
  [OWN_BIN, "record", "--upstream", direct, "--port", String(proxyPort), "--out", out],
  /recording http/,
);
const proxied = `http://127.0.0.1:${proxyPort}`;

try {
  const generated = [];
  const p50 = [];
  const p99 = [];
  const directRps = [];
  const proxiedRps = [];
  for (let round = 0; round < ROUNDS; round++) {
    generated.push(await generatedRate(direct, round));
    const [d, p] = [await latencies(direct), await latencies(proxied)];
    p50.push(percentile(p, 50) - percentile(d, 50));
    p99.push(percentile(p, 99) - percentile(d, 99));
    directRps.push(await throughput(direct));
    proxiedRps.push(await throughput(proxied));
  }
  const rate = median(generated.map((g) => g.rate));
  const { sent, failures } = generated[0];
  process.stdout.write(
    [
      `rounds: ${ROUNDS} (figures are medians)`,
      `generated requests against the sandbox: ${rate.toFixed(0)}/s (${sent} requests per round, ${failures} failures; target ≥ 500/s)`,
      `record proxy added latency (${LATENCY_REQUESTS} sequential GETs): p50 ${median(p50).toFixed(3)} ms, p99 ${median(p99).toFixed(3)} ms (target p50 ≤ 1 ms)`,
      `throughput with ${CONCURRENCY} in flight: direct ${median(directRps).toFixed(0)} req/s, through the proxy ${median(proxiedRps).toFixed(0)} req/s (${((median(proxiedRps) / median(directRps)) * 100).toFixed(0)}%)`,
      "",
    ].join("\n"),
  );
} finally {
  agent.destroy();
  await stop(proxy);
  await stop(sandbox);
  rmSync(out, { recursive: true, force: true });
}
