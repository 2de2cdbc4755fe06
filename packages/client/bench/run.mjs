// Benchmark of the client's overhead and size. Run: pnpm --filter @cloud-contract/client bench
// (builds dist first). In one process, against one HTTP server on 127.0.0.1, it times in interleaved rounds:
//   raw  — fetch() + response.json()
//   bare — openapi-fetch with a static Authorization header and no middleware
//   ours — createCloudClient() with every default on (auth header, per-request timeout, retry policy)
//   ours-t0 — the same with timeoutMs: 0, to show what the per-request timeout costs (for information)
//   ours-throw — the same with validateResponses: "throw" (every answer judged by the spec's validator)
// (`ours` runs with maxResponseBytes and the body checks on, as by default) and prints the median cost per
// call and the median of the per-round ratios ours/bare, ours-throw/bare and ours/raw, in wall and CPU time,
// then the minified + gzipped size of the client's runtime bundle, openapi-fetch included: the code every
// client loads, and everything with the validator (the spec's model, ajv) that validateResponses loads; last,
// the cases of a hostile server (bench/hostile.mjs), each with how it ended and its time.
// Settings: BENCH_ROUNDS (default 40), BENCH_CALLS per variant and round (default 250), BENCH_WARMUP calls
// per variant before the rounds (default 2000).
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import createClient from "openapi-fetch";
import { createCloudClient } from "../dist/index.js";
import { runHostileCases } from "./hostile.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const CALLS = Number(process.env.BENCH_CALLS ?? 250);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2_000);
const TARGET_RATIO = 1.05;
const TARGET_RATIO_VALIDATED = 1.3;
/** The size budget of the client without validation, as src/bundle.test.ts holds it. */
const TARGET_BYTES = 10_000;
const API_KEY = "bench-key-0123456789abcdef";

const body = JSON.stringify({
  count: 1,
  results: [
    {
      id: "d478ae29-dedc-4869-82f0-96104425f565",
      state: "RUNNING",
      task_type: "create_bm",
      user_id: 9998,
      created_on: "2026-11-21T09:15:02Z",
    },
  ],
});
// The answer keeps the spec: checked by validateResponses, it must pass.
const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const path = "/cloud/v1/tasks/{project_id}/{region_id}/active";
const init = {
  params: { path: { project_id: 1, region_id: 76 }, query: { limit: 10, task_type: ["create_bm"] } },
};
const rawUrl = `${baseUrl}/cloud/v1/tasks/1/76/active?limit=10&task_type=create_bm`;
const rawHeaders = { Authorization: `apikey ${API_KEY}` };
const bare = createClient({ baseUrl, headers: rawHeaders });
const ours = createCloudClient({ apiKey: API_KEY, baseUrl });
const oursT0 = createCloudClient({ apiKey: API_KEY, baseUrl, timeoutMs: 0 });
const oursThrow = createCloudClient({ apiKey: API_KEY, baseUrl, validateResponses: "throw" });

const variants = {
  raw: async () => (await fetch(rawUrl, { headers: rawHeaders })).json(),
  bare: async () => (await bare.GET(path, init)).data,
  ours: async () => (await ours.GET(path, init)).data,
  "ours-t0": async () => (await oursT0.GET(path, init)).data,
  "ours-throw": async () => (await oursThrow.GET(path, init)).data,
};

for (const [name, call] of Object.entries(variants)) {
  const data = await call();
  if (data?.count !== 1) throw new Error(`${name}: unexpected answer ${JSON.stringify(data)}`);
  for (let i = 0; i < WARMUP; i++) await call();
}

/** µs per call of each variant, one entry per round: wall clock, and this process's CPU time. */
const perCall = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
const cpuPerCall = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
const names = Object.keys(variants);
for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order every round so that no variant always runs first (or right after a GC).
  for (let k = 0; k < names.length; k++) {
    const name = names[(round + k) % names.length];
    const call = variants[name];
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await call();
    const used = process.cpuUsage(cpu);
    perCall[name].push(((performance.now() - start) * 1000) / CALLS);
    cpuPerCall[name].push((used.user + used.system) / CALLS);
  }
}
server.close();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ratio = (a, b, of = perCall) => median(of[a].map((value, i) => value / of[b][i]));

console.log(`${ROUNDS} interleaved rounds × ${CALLS} sequential calls per variant, Node ${process.version}`);
for (const name of names)
  console.log(`  ${name.padEnd(10)}  median ${median(perCall[name]).toFixed(1)} µs/call`);
const oursBare = ratio("ours", "bare");
console.log(
  `  ours/bare    ${oursBare.toFixed(3)}  (target ≤ ${TARGET_RATIO})  ${oursBare <= TARGET_RATIO ? "ok" : "MISSED"}`,
);
const throwBare = ratio("ours-throw", "bare");
console.log(
  `  ours-throw/bare ${throwBare.toFixed(3)}  (target ≤ ${TARGET_RATIO_VALIDATED})  ${throwBare <= TARGET_RATIO_VALIDATED ? "ok" : "MISSED"}`,
);
// CPU time (client and server share the process) moves less than wall time when other jobs load the machine.
console.log(
  `  ours/bare    ${ratio("ours", "bare", cpuPerCall).toFixed(3)}  in CPU time (ours-throw/bare ${ratio("ours-throw", "bare", cpuPerCall).toFixed(3)})`,
);
console.log(`  ours/raw     ${ratio("ours", "raw").toFixed(3)}`);
console.log(`  bare/raw     ${ratio("bare", "raw").toFixed(3)}`);
console.log(`  ours-t0/bare ${ratio("ours-t0", "bare").toFixed(3)}  (no timeout: the rest of the overhead)`);

/** Bundles dist/index.js with code splitting; sizes of the chunks an import loads, and of all of them. */
async function bundleSizes(external) {
  const result = await build({
    entryPoints: [new URL("../dist/index.js", import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    splitting: true,
    outdir: new URL("../.bundle-size", import.meta.url).pathname,
    external,
    mainFields: ["module", "main"],
    write: false,
    metafile: true,
  });
  const { outputs } = result.metafile;
  const code = (out) => result.outputFiles.find((f) => f.path.endsWith(out.split("/").pop())).contents;
  const chunks = Object.keys(outputs).filter((out) => out.endsWith(".js"));
  const loaded = [];
  const visit = (out) => {
    if (loaded.includes(out)) return;
    loaded.push(out);
    for (const i of outputs[out].imports) if (i.kind === "import-statement" && !i.external) visit(i.path);
  };
  visit(chunks.find((out) => outputs[out].entryPoint));
  const size = (outs) => {
    const joined = Buffer.concat(outs.map(code));
    return { min: joined.length, gzip: gzipSync(joined, { level: 9 }).length };
  };
  return { loaded: size(loaded), all: size(chunks) };
}
const without = (await bundleSizes(["@cloud-contract/spec/*"])).loaded;
const withValidation = (await bundleSizes(["node:*"])).all;
console.log(
  `  bundle       ${(without.min / 1000).toFixed(1)} kB minified, ${(without.gzip / 1000).toFixed(2)} kB min+gzip ` +
    `without validation (with openapi-fetch; target ≤ ${TARGET_BYTES / 1000} kB)  ${without.gzip <= TARGET_BYTES ? "ok" : "MISSED"}`,
);
console.log(
  `  bundle       ${(withValidation.min / 1000).toFixed(1)} kB minified, ${(withValidation.gzip / 1000).toFixed(2)} kB ` +
    "min+gzip with validation (the spec's model, the bundled spec, ajv and ajv-formats; loaded on first use)",
);

console.log("hostile server: each case, how it ended, how long it took");
for (const line of await runHostileCases()) console.log(line);
