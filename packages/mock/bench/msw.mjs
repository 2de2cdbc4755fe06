// Benchmark of the MSW adapter: a vitest file of 100 tests, each with a tenant of its own and an override, run
// through MSW's setupServer and through the in-process sandbox's fetch directly. Prints tests per second of each
// (medians of alternated runs) and their ratio; goal: MSW within 1.5× of the direct path.
// Run: pnpm --filter @cloud-contract/mock bench:msw   (BENCH_ROUNDS=3 runs of each path)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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
} finally {
  rmSync(dir, { recursive: true, force: true });
}
