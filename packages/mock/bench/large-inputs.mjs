// Benchmark of large inputs: how long a 60,000-key tags PATCH, a 7,000-rule change and a body at the
// documented limit take in the server (from the request's arrival to the end of its answer), and the longest
// the event loop was held meanwhile. The sandbox runs in this process, the client is curl (so no client work
// lands on the sandbox's event loop).
// Run: pnpm --filter @cloud-contract/mock bench:large   (BENCH_ROUNDS=5 per case; the median is printed)
// Targets: each of the two changes under 300 ms; the loop never held over 50 ms at the limit (a
// tags patch and a rule list, each as large as the limit allows).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { SANDBOX_FIXTURES as F, SANDBOX_API_KEY } from "../dist/index.js";
import { DEFAULT_MAX_BODY_BYTES } from "../dist/sandbox/http/body-limit.js";
import { listen } from "../dist/sandbox/http/listen.js";
import { manyRules, manyTags, ROOM_FOR_MANY_TAGS } from "../dist/sandbox/large-inputs.js";
import { createSandboxHandler } from "../dist/sandbox/server.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const path = `/cloud/v1/securitygroups/${F.projectId}/${F.regionId}/${F.securityGroupId}`;
const { handler, store } = createSandboxHandler({ taskDelayMs: 60_000, maxTagsPerGroup: ROOM_FOR_MANY_TAGS });
const server = await listen(handler);
/** Server-side time of the last request: arrival to the answer's last byte handed to the socket. */
let served = 0;
server.server.on("request", (_req, res) => {
  const arrived = performance.now();
  res.once("finish", () => {
    served = performance.now() - arrived;
  });
});
const folder = mkdtempSync(join(tmpdir(), "bench-large-"));
let files = 0;

/** curl PATCHes the body; resolves to the status. */
function curl(file) {
  const args = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PATCH", "--data-binary", `@${file}`];
  args.push("-H", `Authorization: apikey ${SANDBOX_API_KEY}`, "-H", "Content-Type: application/json");
  return new Promise((resolve, reject) =>
    execFile("curl", [...args, `${server.url}${path}`], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout)),
    ),
  );
}

/** One PATCH: its status, wall time and the longest event-loop stall while it ran. */
async function measure(body) {
  const file = join(folder, `body-${files++}.json`);
  writeFileSync(file, body);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const status = await curl(file);
  loop.disable();
  return { status, ms: served, stallMs: loop.max / 1e6 };
}

const tags = JSON.stringify({ tags: manyTags(60_000) });
const removeTags = JSON.stringify({
  tags: Object.fromEntries(Object.keys(manyTags(60_000)).map((k) => [k, null])),
});
const rules = JSON.stringify({ changed_rules: manyRules(7_000) });
// A body at the limit: as many tags as fit.
let atLimit = manyTags(1);
for (let n = 60_000; ; n += 2_000) {
  const next = manyTags(n);
  if (JSON.stringify({ tags: next }).length > DEFAULT_MAX_BODY_BYTES) break;
  atLimit = next;
}
const limitBody = JSON.stringify({ tags: atLimit });
// A rule list at the limit: as many rules as fit.
let rulesAtLimit = 7_000;
while (JSON.stringify({ changed_rules: manyRules(rulesAtLimit + 500) }).length <= DEFAULT_MAX_BODY_BYTES) {
  rulesAtLimit += 500;
}
const limitRules = JSON.stringify({ changed_rules: manyRules(rulesAtLimit) });
const resetStore = () => {
  store.reset();
  return Promise.resolve();
};

const CASES = [
  { name: "60,000-key tags PATCH", body: () => tags, after: () => measure(removeTags) },
  { name: "7,000-rule change", body: () => rules, after: resetStore },
  {
    name: `tags PATCH at the limit (${limitBody.length} bytes)`,
    body: () => limitBody,
    after: () => measure(removeTags),
  },
  {
    name: `${rulesAtLimit.toLocaleString("en")} rules at the limit (${limitRules.length} bytes)`,
    body: () => limitRules,
    after: resetStore,
  },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];
for (const c of CASES) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const run = await measure(c.body());
    if (run.status !== 200) throw new Error(`${c.name}: status ${run.status}`);
    runs.push(run);
    await c.after();
  }
  rows.push({
    case: c.name,
    "median ms": median(runs.map((r) => r.ms)).toFixed(1),
    "max ms": Math.max(...runs.map((r) => r.ms)).toFixed(1),
    "median longest stall ms": median(runs.map((r) => r.stallMs)).toFixed(1),
    "max longest stall ms": Math.max(...runs.map((r) => r.stallMs)).toFixed(1),
  });
}
await server.close();
rmSync(folder, { recursive: true, force: true });
console.log(
  `body limit: ${DEFAULT_MAX_BODY_BYTES} bytes; ${ROUNDS} rounds per case; times are the server's, arrival to last byte`,
);
console.table(rows);
