// The reports of one shard as `--shard i/n` writes them (summary, coverage, JUnit), small and by hand, with
// a change applied to the summary: for the tests of what merge refuses to read.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ContractSummary } from "../summary.js";

export function shardSummary(index: number, count: number): ContractSummary {
  return {
    run: { name: "contract", target: "sandbox", specHash: "0123456789abcdef", shard: { index, count } },
    target: "sandbox",
    generatedAt: "2026-12-01T00:00:00.000Z",
    totals: { tests: 1, violations: 0, passed: 1, failed: 0, skipped: 0 },
    operations: [
      {
        operationId: "getTask",
        method: "GET",
        path: "/cloud/v1/tasks/{task_id}",
        passed: 1,
        failed: 0,
        skipped: 0,
        violations: [],
        failures: [],
        skips: [],
        prismProblems: 0,
      },
    ],
    unassigned: { passed: 0, failed: 0, skipped: 0 },
    unhandledErrors: [],
  };
}

const COVERAGE = {
  generatedAt: "2026-12-01T00:00:00.000Z",
  percent: 100,
  exercised: 1,
  documented: 1,
  kinds: {
    operations: { exercised: ["getTask"], missing: [], percent: 100 },
    statuses: { exercised: [], missing: [], percent: 100 },
    oneOfBranches: { exercised: [], missing: [], percent: 100 },
    enumValues: { exercised: [], missing: [], percent: 100 },
    linksFollowed: { exercised: [], missing: [], percent: 100 },
  },
};

const JUNIT =
  '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract-sandbox" tests="1" failures="0" errors="0" skipped="0" time="0.001">\n<testsuite name="getTask" tests="1" failures="0" errors="0" skipped="0" time="0.001"><testcase classname="x" name="y" time="0.001"/></testsuite>\n</testsuites>\n';

/** Writes shard `index`/`count` into `dir`; `summaryText` replaces the summary's JSON text. Returns the summary's file. */
export function writeShard(dir: string, index: number, count: number, summaryText?: string): string {
  mkdirSync(dir, { recursive: true });
  const base = join(dir, `contract-sandbox.shard-${index}-of-${count}`);
  writeFileSync(`${base}.json`, summaryText ?? JSON.stringify(shardSummary(index, count)));
  writeFileSync(`${base}.coverage.json`, JSON.stringify(COVERAGE));
  writeFileSync(`${base}.xml`, JUNIT);
  return `${base}.json`;
}

/** The JSON text of shard 2/2's summary with the value at `path` (keys and array indexes) replaced. */
export function shardSummaryWith(path: ReadonlyArray<string | number>, value: unknown): string {
  const summary: Record<string | number, unknown> = shardSummary(2, 2) as never;
  let at = summary;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = value;
  return JSON.stringify(summary);
}
