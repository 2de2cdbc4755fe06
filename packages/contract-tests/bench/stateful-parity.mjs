// Benchmark of stateful sequences and parity, against the sandbox in this process and in memory:
// 1. stateful sequences per second (`contract-tests stateful`'s engine: the sweep, then random sequences of
//    at most 12 steps, each on a tenant of its own, every answer judged); target ≥ 100/s;
// 2. parity exchanges per second: a recording of one stateful run (through the record proxy) re-sent to
//    a fresh sandbox with its clock advanced by the recorded gaps; target ≥ 500/s.
// The sandbox is called in process through `createSandbox(...).fetch` (no port). Medians of ROUNDS rounds of
// one run; every loop is bounded in count. Run: pnpm --filter @cloud-contract/contract-tests bench:stateful   (BENCH_ROUNDS=3,
// BENCH_SEQUENCES=100, BENCH_RECORDED_SEQUENCES=50: the sequences of the stateful run parity re-sends)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createSandbox, SANDBOX_API_KEY, startSandbox } from "@cloud-contract/mock";
import { buildContext } from "../dist/context.js";
import { createJudge } from "../dist/judge.js";
import { readRecording } from "../dist/parity/recording.js";
import { replayForParity } from "../dist/parity/replay.js";
import { startRecordProxy } from "../dist/record/proxy.js";
import { resolveTarget } from "../dist/run-config/target.js";
import { runSequences } from "../dist/stateful/sequences.js";
import { createSequenceEnv } from "../dist/stateful/world.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENCES = Number(process.env.BENCH_SEQUENCES ?? 100);
const RECORDED_SEQUENCES = Number(process.env.BENCH_RECORDED_SEQUENCES ?? 50);
const TASK_DELAY_MS = 150;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const judge = createJudge();

/** A fresh in-memory sandbox in this process, as a target. */
async function freshSandbox() {
  const embedded = createSandbox({ taskDelayMs: TASK_DELAY_MS });
  return {
    how: "in-process fetch",
    baseUrl: "http://sandbox.local",
    fetch: embedded.fetch,
    stop: async () => embedded.close(),
  };
}

function contextFor(baseUrl) {
  const plan = resolveTarget({ CONTRACT_TARGET: "url", CONTRACT_BASE_URL: baseUrl });
  return buildContext(plan);
}

async function statefulRound(seed) {
  const sandbox = await freshSandbox();
  try {
    const ctx = contextFor(sandbox.baseUrl);
    const env = await createSequenceEnv(
      ctx,
      { baseUrl: sandbox.baseUrl, apiKey: ctx.apiKey, fetch: sandbox.fetch },
      judge,
      {
        tenants: true,
      },
    );
    const started = performance.now();
    const result = await runSequences(env, { sequences: SEQUENCES, seed, maxSteps: 12 });
    const seconds = (performance.now() - started) / 1000;
    if (result.failure) throw new Error(`a check broke: ${result.failure.message}`);
    return {
      how: sandbox.how,
      perSecond: result.sequences / seconds,
      sequences: result.sequences,
      requests: result.requests,
    };
  } finally {
    await sandbox.stop();
  }
}

/** One stateful run against an HTTP sandbox, recorded through the record proxy (on the default key). */
async function record(dir) {
  const upstream = await startSandbox({ port: 0, taskDelayMs: TASK_DELAY_MS });
  try {
    const proxy = await startRecordProxy({ upstream: upstream.url, outDir: dir, judge });
    const ctx = contextFor(proxy.url);
    const env = await createSequenceEnv(
      ctx,
      { baseUrl: proxy.url, apiKey: ctx.apiKey, fetch: (r) => fetch(r) },
      judge,
    );
    await runSequences(env, { sequences: RECORDED_SEQUENCES, seed: 7, maxSteps: 12 });
    await proxy.stop();
  } finally {
    await upstream.stop();
  }
  return readRecording([dir], judge);
}

async function parityRound(recording) {
  const sandbox = await freshSandbox();
  try {
    const started = performance.now();
    const result = await replayForParity(
      recording,
      { baseUrl: sandbox.baseUrl, apiKey: SANDBOX_API_KEY, fetch: sandbox.fetch },
      judge,
      "clock",
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      how: sandbox.how,
      perSecond: result.exchanges / seconds,
      exchanges: result.exchanges,
      differences: result.differences.length,
    };
  } finally {
    await sandbox.stop();
  }
}

const stateful = [];
for (let round = 0; round < ROUNDS; round++) stateful.push(await statefulRound(round + 1));
const first = stateful[0];
console.log(
  `stateful sequences/s (${first.how}): median ${median(stateful.map((r) => r.perSecond)).toFixed(1)} ` +
    `over ${ROUNDS} rounds of ${first.sequences} sequences (${first.requests} requests), rounds ${stateful.map((r) => r.perSecond.toFixed(1)).join(", ")} — target ≥ 100`,
);

const work = mkdtempSync(join(tmpdir(), "bench-parity-"));
try {
  const recording = await record(work);
  const parity = [];
  for (let round = 0; round < ROUNDS; round++) parity.push(await parityRound(recording));
  const one = parity[0];
  console.log(
    `parity exchanges/s (${one.how}): median ${median(parity.map((r) => r.perSecond)).toFixed(1)} ` +
      `over ${ROUNDS} rounds of ${one.exchanges} exchanges (differences ${parity.map((r) => r.differences).join(", ")}), rounds ${parity.map((r) => r.perSecond.toFixed(1)).join(", ")} — target ≥ 500`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
