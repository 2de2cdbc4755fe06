// The whole suite against the sandbox in one run, and as shards 1/3, 2/3 and 3/3 merged: the same
// tests with the same results, and the same coverage.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../cli.js";
import { vitestCommand } from "../commands/run.js";
import type { CoverageReport } from "../coverage-report/report.js";
import { reportFiles } from "../report-files.js";
import type { ContractSummary } from "../summary.js";

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

it("merges shards 1/3, 2/3 and 3/3 into the reports of one unsharded run", async () => {
  const whole = join(work, "whole");
  expect(await runSuite(whole)).toBe(0);
  const shardDirs = [1, 2, 3].map((i) => join(work, `shard-${i}`));
  for (const [i, dir] of shardDirs.entries()) expect(await runSuite(dir, `${i + 1}/3`)).toBe(0);

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
}, 300_000);
