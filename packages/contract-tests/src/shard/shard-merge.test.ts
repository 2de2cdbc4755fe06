// The whole suite against the sandbox in one run, and as shards 1/3, 2/3 and 3/3 merged: the same
// tests with the same results, and the same coverage. Merge refuses (exit 2, naming the file) a missing,
// duplicated or foreign shard.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../cli.js";
import { vitestCommand } from "../commands/contract-run.js";
import type { CoverageReport } from "../coverage-report/report.js";
import { reportFiles } from "../report-files.js";
import type { ContractSummary } from "../summary.js";
import { runBin } from "../test-support/bin.js";

let work: string;

/** Runs the suite against a fresh sandbox; resolves to its exit code. */
async function runSuite(reportsDir: string, shard?: string): Promise<number | null> {
  const [script, ...args] = vitestCommand(shard ? [`--shard=${shard}`] : []);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTRACT_TARGET: "sandbox",
    CONTRACT_REPORTS_DIR: reportsDir,
  };
  if (shard) env.CONTRACT_SHARD = shard;
  for (const name of ["VITEST", "VITEST_WORKER_ID", "VITEST_POOL_ID", "CONTRACT_GENERATED"]) delete env[name];
  const child = spawn(process.execPath, [script as string, ...args], { env, stdio: "ignore" });
  return new Promise((resolve) => child.once("exit", resolve));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shards-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const testNames = (junit: string) =>
  [...junit.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)]
    .map(([, file, name]) => `${file} ${name}`)
    .sort();

let whole: string;
let shardDirs: string[];

beforeAll(async () => {
  whole = join(work, "whole");
  expect(await runSuite(whole)).toBe(0);
  shardDirs = [1, 2, 3].map((i) => join(work, `shard-${i}`));
  for (const [i, dir] of shardDirs.entries()) expect(await runSuite(dir, `${i + 1}/3`)).toBe(0);
}, 300_000);

it("merges shards 1/3, 2/3 and 3/3 into the reports of one unsharded run", async () => {
  const merged = join(work, "merged");
  const out = {
    text: "",
    write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
  expect(
    await main(["merge", ...shardDirs, "--reports-dir", merged], {}, out as unknown as NodeJS.WritableStream),
  ).toBe(0);
  expect(out.text).toMatch(/^coverage \d+\.\d% /m);

  const one = reportFiles(whole, "contract", "sandbox");
  const all = reportFiles(merged, "contract", "sandbox");
  const read = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

  const [wholeSummary, mergedSummary] = [
    read<ContractSummary>(one.summary),
    read<ContractSummary>(all.summary),
  ];
  expect(mergedSummary.totals).toEqual(wholeSummary.totals);
  const counts = (s: ContractSummary) =>
    s.operations.map(({ operationId, passed, failed, skipped }) => ({
      operationId,
      passed,
      failed,
      skipped,
    }));
  expect(counts(mergedSummary)).toEqual(counts(wholeSummary));

  const [wholeTests, mergedTests] = [
    testNames(readFileSync(one.junit, "utf8")),
    testNames(readFileSync(all.junit, "utf8")),
  ];
  expect(mergedTests.length).toBe(wholeSummary.totals.tests);
  expect(mergedTests).toEqual(wholeTests);

  const [wholeCoverage, mergedCoverage] = [
    read<CoverageReport>(one.coverage),
    read<CoverageReport>(all.coverage),
  ];
  expect(mergedCoverage.kinds).toEqual(wholeCoverage.kinds);
  expect(mergedCoverage.percent).toBe(wholeCoverage.percent);
}, 60_000);

/** A copy of a shard's reports directory whose summary is changed by `edit`. */
function foreignCopy(dir: string, name: string, edit: (summary: ContractSummary) => void): string {
  const copy = join(work, name);
  cpSync(dir, copy, { recursive: true });
  const [file] = readdirSync(copy).filter((f) => /\.shard-\d+-of-\d+\.json$/.test(f));
  const path = join(copy, file as string);
  const summary = JSON.parse(readFileSync(path, "utf8")) as ContractSummary;
  edit(summary);
  writeFileSync(path, JSON.stringify(summary));
  return copy;
}

it.each([
  [
    "a missing shard",
    () => [shardDirs[0], shardDirs[2]],
    /^contract-tests: shard 2\/3 missing: only 1\/3, 3\/3 given$/,
  ],
  [
    "a duplicated shard",
    () => [...shardDirs, shardDirs[1]],
    /^contract-tests: shard 2\/3 is given twice: shard-2\/contract-sandbox\.shard-2-of-3\.json and shard-2\/contract-sandbox\.shard-2-of-3\.json$/,
  ],
  [
    "a shard of another spec",
    () => [
      shardDirs[0],
      shardDirs[1],
      foreignCopy(
        shardDirs[2] as string,
        "spec",
        (s) => ((s.run as { specHash: string }).specHash = "0123456789abcdef"),
      ),
    ],
    /^contract-tests: spec\/contract-sandbox\.shard-3-of-3\.json is a shard of another run: spec 0123456789abcdef, not [0-9a-f]{16} as in shard-1\/contract-sandbox\.shard-1-of-3\.json$/,
  ],
  [
    "a shard of another run",
    () => [
      shardDirs[0],
      shardDirs[1],
      foreignCopy(shardDirs[2] as string, "run", (s) => ((s.run as { id?: string }).id = "github-1-1")),
    ],
    /^contract-tests: run\/contract-sandbox\.shard-3-of-3\.json is a shard of another run: run id github-1-1, not undefined/,
  ],
  [
    "a shard of another target",
    () => [
      shardDirs[0],
      shardDirs[1],
      foreignCopy(shardDirs[2] as string, "target", (s) => ((s.run as { target: string }).target = "prism")),
    ],
    /^contract-tests: target\/contract-sandbox\.shard-3-of-3\.json is a shard of another run: target prism, not sandbox/,
  ],
])("merge refuses %s: exit 2 naming it", async (_, dirs, line) => {
  const run = await runBin(["merge", ...(dirs() as string[]), "--reports-dir", join(work, "refused")], {
    cwd: work,
  });
  expect(run.code).toBe(2);
  expect(run.stdout.trim()).toMatch(line);
});
