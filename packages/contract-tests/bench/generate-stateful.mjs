// Benchmark of the two generators against the sandbox in this process, with one fixed seed:
// 1. generate: every operation's generated cases (steered, random and invalid; 30 random per operation),
//    the operations side by side, against a sandbox listening on 127.0.0.1 in this process: requests/s;
// 2. stateful: random sequences (the sweep first, at most 12 steps each, a tenant per sequence) against an
//    in-memory sandbox called through its fetch (no port): sequences/s and requests/s.
// Every figure is the median of ROUNDS rounds; each rate also per second of this process's CPU time (the
// sandbox runs in it too), which a busy machine disturbs less than the wall clock. With BENCH_BEFORE=<another
// checkout, built>, its build runs too, in this process, the rounds of the two interleaved (the order swapped
// every round), so the machine's load falls on both alike. Run: pnpm --filter @cloud-contract/contract-tests
// bench:generators (BENCH_ROUNDS=5, BENCH_SEED=1, BENCH_SEQUENCES=100, BENCH_CASES=30, BENCH_BEFORE=DIR).
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const SEQUENCES = Number(process.env.BENCH_SEQUENCES ?? 100);
/** Random cases per operation of generate. */
const CASES = Number(process.env.BENCH_CASES ?? 30);
const TASK_DELAY_MS = 150;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** CPU seconds this process spent since `start` (a process.cpuUsage() value). */
const cpuSince = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
};

/** The modules the rounds use, from the checkout at `root` (its mock and its contract-tests, both built). */
async function buildAt(root) {
  const own = (path) => import(resolve(root, "packages/contract-tests", path));
  const { createJudge } = await own("dist/judge.js");
  return {
    ...(await import(resolve(root, "packages/mock/dist/index.js"))),
    ...(await own("dist/context.js")),
    ...(await own("dist/run-config/target.js")),
    ...(await own("dist/stateful/sequences.js")),
    ...(await own("dist/stateful/world.js")),
    ...(await own("bench/sandbox-generators.mjs")),
    judge: createJudge(),
  };
}

async function generateRound({ startSandbox, sandboxGenerators, judge }) {
  const sandbox = await startSandbox({ port: 0, taskDelayMs: TASK_DELAY_MS });
  try {
    const generators = sandboxGenerators(judge, sandbox.url, SEED, CASES);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const runs = await Promise.all(generators.map((generator) => generator.run()));
    const seconds = (performance.now() - started) / 1000;
    const sent = runs.reduce((n, run) => n + run.sent, 0);
    return { perSecond: sent / seconds, perCpuSecond: sent / cpuSince(cpu), sent };
  } finally {
    await sandbox.stop();
  }
}

async function statefulRound({
  createSandbox,
  buildContext,
  resolveTarget,
  createSequenceEnv,
  runSequences,
  judge,
}) {
  const sandbox = createSandbox({ taskDelayMs: TASK_DELAY_MS });
  try {
    const baseUrl = "http://sandbox.local";
    const plan = resolveTarget({ CONTRACT_TARGET: "url", CONTRACT_BASE_URL: baseUrl });
    const ctx = buildContext(plan);
    const env = await createSequenceEnv(ctx, { baseUrl, apiKey: ctx.apiKey, fetch: sandbox.fetch }, judge, {
      tenants: true,
    });
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await runSequences(env, { sequences: SEQUENCES, seed: SEED, maxSteps: 12 });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSince(cpu);
    if (result.failure) throw new Error(`a check broke: ${result.failure.message}`);
    return {
      perSecond: result.sequences / seconds,
      perCpuSecond: result.sequences / cpuSeconds,
      requestsPerSecond: result.requests / seconds,
      sequences: result.sequences,
      requests: result.requests,
    };
  } finally {
    await sandbox.close();
  }
}

const builds = [["", await buildAt(fileURLToPath(new URL("../../..", import.meta.url)))]];
if (process.env.BENCH_BEFORE) builds.unshift(["before: ", await buildAt(resolve(process.env.BENCH_BEFORE))]);
const results = builds.map(() => ({ generated: [], stateful: [] }));
for (let round = 0; round < ROUNDS; round++) {
  const order = builds.map((_, n) => n);
  if (round % 2 === 1) order.reverse();
  for (const n of order) results[n].generated.push(await generateRound(builds[n][1]));
  for (const n of order) results[n].stateful.push(await statefulRound(builds[n][1]));
}
for (const [n, [label]] of builds.entries()) {
  const { generated, stateful } = results[n];
  console.log(
    `${label}generate (seed ${SEED}): ${median(generated.map((r) => r.perSecond)).toFixed(0)} requests/s, ${median(generated.map((r) => r.perCpuSecond)).toFixed(0)} per CPU second (${generated[0].sent} requests a round)`,
  );
  console.log(
    `${label}stateful (seed ${SEED}): ${median(stateful.map((r) => r.perSecond)).toFixed(1)} sequences/s, ${median(stateful.map((r) => r.perCpuSecond)).toFixed(1)} per CPU second, ${median(stateful.map((r) => r.requestsPerSecond)).toFixed(0)} requests/s (${stateful[0].sequences} sequences, ${stateful[0].requests} requests a round)`,
  );
}
console.log(`medians of ${ROUNDS} rounds, node ${process.version}`);
