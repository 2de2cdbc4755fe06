// Benchmark of the MSW adapter: a vitest file of 100 tests, each with a tenant of its own and an override, run
// through MSW's setupServer and through the in-process sandbox's fetch directly. Prints tests per second of each
// (medians of alternated runs) and their ratio; goal: MSW within 1.5× of the direct path. Then the time of one
// GET through each path, and through MSW answering a fixed body with no sandbox (MSW's own share).
// Run: pnpm --filter @cloud-contract/mock bench:msw   (BENCH_ROUNDS=3 runs of each path, BENCH_CALLS=2000)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { sandboxHandlers } from "../dist/msw.js";
import { createSandbox } from "../dist/sandbox/in-process.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const GOAL = 1.5;
const root = fileURLToPath(new URL("..", import.meta.url));
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const dir = mkdtempSync(join(tmpdir(), "bench-msw-"));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One run of the suite through `path`; resolves to its tests per second (the suite's own timing). */
function run(path, round) {
  const out = join(dir, `${path}-${round}.json`);
  const result = spawnSync(process.execPath, [vitest, "run", "--config", "bench/vitest.msw.config.ts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 300_000,
    env: { ...process.env, BENCH_PATH: path, BENCH_OUT: out },
  });
  if (result.status !== 0) throw new Error(`the ${path} suite failed:\n${result.stdout}\n${result.stderr}`);
  const { tests, seconds } = JSON.parse(readFileSync(out, "utf8"));
  return tests / seconds;
}

/** Milliseconds per GET of the active tasks through `fetchOne` (after 200 calls of warm-up); each must be a 200. */
async function perCall(fetchOne) {
  const url = "https://api.gcore.com/cloud/v1/tasks/1/1/active";
  const init = { headers: { Authorization: "apikey sandbox-api-key" } };
  const one = async () => {
    const res = await fetchOne(url, init);
    await res.text();
    if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}`);
  };
  for (let i = 0; i < 200; i++) await one();
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await one();
  return (performance.now() - started) / CALLS;
}

/** Milliseconds per GET through MSW's setupServer with `handlers` over the global fetch. */
async function perCallThroughMsw(handlers) {
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: "error" });
  try {
    return await perCall((url, init) => fetch(url, init));
  } finally {
    server.close();
  }
}

/** One GET through the in-process fetch, through MSW over the sandbox, and through MSW with a fixed answer. */
async function perCallFigures() {
  const sandbox = createSandbox();
  try {
    return {
      direct: await perCall((url, init) => sandbox.fetch(url, init)),
      msw: await perCallThroughMsw(sandboxHandlers(sandbox)),
      mswFixed: await perCallThroughMsw([http.all("https://api.gcore.com/*", () => HttpResponse.json({}))]),
    };
  } finally {
    await sandbox.close();
  }
}

try {
  const rates = { direct: [], msw: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of round % 2 === 0 ? ["direct", "msw"] : ["msw", "direct"]) {
      rates[path].push(run(path, round));
    }
  }
  const direct = median(rates.direct);
  const msw = median(rates.msw);
  const ratio = direct / msw;
  console.log(
    `direct in-process fetch: ${direct.toFixed(0)} tests/s (${rates.direct.map((r) => r.toFixed(0)).join(", ")})`,
  );
  console.log(
    `MSW setupServer:         ${msw.toFixed(0)} tests/s (${rates.msw.map((r) => r.toFixed(0)).join(", ")})`,
  );
  console.log(`direct ÷ MSW: ${ratio.toFixed(2)} (goal ≤ ${GOAL}) ${ratio <= GOAL ? "met" : "NOT met"}`);
  const call = await perCallFigures();
  console.log(
    `one GET: ${call.direct.toFixed(2)} ms in-process, ${call.msw.toFixed(2)} ms through MSW, ` +
      `${call.mswFixed.toFixed(2)} ms through MSW answering a fixed body (no sandbox)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
