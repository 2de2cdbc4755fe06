// Benchmark of the in-process sandbox next to the HTTP one: the same request mix (GET active tasks and POST a
// notification setting with a fresh e-mail, alternating) sent through `createSandbox().fetch` and through
// `fetch` to a `startSandbox()` on 127.0.0.1 (keep-alive), both in this process, at 1 and 32 requests in
// flight. Prints requests per second of each and their ratio; target: in-process ≥ 3× HTTP.
// Run: pnpm --filter @cloud-contract/mock bench:in-process   (BENCH_REQUESTS=20000 per round, BENCH_ROUNDS=3)
// Each row is the median of interleaved rounds; every answer must be the documented success.
import { createSandbox, SANDBOX_FIXTURES as F, startSandbox } from "../dist/index.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 3;
const headers = { Authorization: `apikey ${F.apiKey}`, "Content-Type": "application/json" };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** E-mails sent so far: each POST has a fresh one (the same address twice for a type is a 400). */
let sent = 0;

/** The i-th request of the mix, on `base`. */
function nth(base, i) {
  if (i % 2 === 0)
    return {
      url: `${base}/cloud/v1/tasks/${F.projectId}/${F.regionId}/active`,
      init: { headers },
      expect: 200,
    };
  const body = JSON.stringify({ notification_type: "failed_login", email: `bench-${++sent}@example.com` });
  return {
    url: `${base}/iam/reselling/resellers/${F.resellerId}/notification_settings`,
    init: { method: "POST", headers, body },
    expect: 201,
  };
}

/** Sends `count` requests of the mix with `inFlight` at a time; resolves to requests per second. */
async function measure(target, count, inFlight) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const { url, init, expect } = nth(target.base, next++);
        const res = await target.fetch(url, init);
        await res.text();
        if (res.status !== expect)
          throw new Error(`${target.name}: ${init.method ?? "GET"} ${url} → ${res.status}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

// Every other request creates a setting: the per-tenant limit is lifted for it.
const options = { taskDelayMs: 60_000, maxObjectsPerCollection: 100_000_000 };
const inProcess = createSandbox(options);
const server = await startSandbox(options);
const targets = [
  { name: "in-process", base: "http://sandbox.in-process", fetch: inProcess.fetch },
  { name: "HTTP", base: server.url, fetch: (url, init) => fetch(url, init) },
];
try {
  const rows = [];
  for (const inFlight of [1, 32]) {
    const rounds = new Map(targets.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        if (round === 0) await measure(target, Math.ceil(REQUESTS / 10), inFlight);
        rounds.get(target.name).push(await measure(target, REQUESTS, inFlight));
        process.stderr.write(".");
      }
    }
    const embedded = median(rounds.get("in-process"));
    const http = median(rounds.get("HTTP"));
    rows.push({ inFlight, embedded, http, ratio: embedded / http });
  }
  process.stderr.write("\n");
  console.log(
    `${REQUESTS} requests per round, median of ${ROUNDS} rounds, GET active tasks and POST notification setting alternating`,
  );
  console.log("| in flight | in-process req/s | HTTP req/s | in-process ÷ HTTP |");
  console.log("|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.inFlight} | ${Math.round(row.embedded)} | ${Math.round(row.http)} | ${row.ratio.toFixed(1)} |`,
    );
  }
  const held = rows.every((row) => row.ratio >= TARGET_RATIO);
  console.log(`target in-process ≥ ${TARGET_RATIO}× HTTP: ${held ? "held" : "NOT held"}`);
} finally {
  await inProcess.close();
  await server.stop();
}
