// The whole suite against the sandbox in one run, and as shards 1/3, 2/3 and 3/3 merged (through the built
// bin, each run from the same folder): merge joins the shards' records into reports equal to the unsharded
// run's byte for byte, times aside. Merge refuses (exit 2, naming the file) a missing, duplicated or foreign
// shard.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { reportFiles } from "../report-files.js";
import type { RunRecords } from "../reports/records.js";
import { cleanEnv, runBin } from "../test-support/bin.js";

let work: string;

/** Runs the suite against a fresh sandbox through the bin; resolves to its exit code. */
async function runSuite(reportsDir: string, shard?: string): Promise<number | null> {
  const shardArgs = shard ? ["--shard", shard] : [];
  const run = await runBin(["--target", "sandbox", "--reports-dir", reportsDir, ...shardArgs], {
    cwd: work,
    env: cleanEnv(),
  });
  return run.code;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shards-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

let whole: string;
let shardDirs: string[];

beforeAll(async () => {
  whole = join(work, "whole");
  expect(await runSuite(whole)).toBe(0);
  shardDirs = [1, 2, 3].map((i) => join(work, `shard-${i}`));
  for (const [i, dir] of shardDirs.entries()) expect(await runSuite(dir, `${i + 1}/3`)).toBe(0);
});

/** A report with its times taken out: when it was written, and how long each test took. */
const timeless = (text: string) =>
  text.replace(/"generatedAt": "[^"]+"/g, '"generatedAt": ""').replace(/ time="[\d.]+"/g, ' time=""');

it("merges shards 1/3, 2/3 and 3/3 into the reports of one unsharded run, byte for byte but for the times", async () => {
  const merged = join(work, "merged");
  const run = await runBin(["merge", ...shardDirs, "--reports-dir", merged], { cwd: work, env: cleanEnv() });
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(
    /^verdict: passed \(\d+ passed, 0 failed, 0 skipped\)$/,
  );
  const one = reportFiles(whole, "contract", "sandbox");
  const all = reportFiles(merged, "contract", "sandbox");
  for (const kind of ["summary", "junit", "coverage"] as const) {
    const [expected, actual] = [one[kind], all[kind]].map((file) => readFileSync(file, "utf8"));
    expect(timeless(actual as string), kind).toBe(timeless(expected as string));
  }
  // The times differ indeed (each shard ran on its own), and the shards split the tests between them.
  const tests = shardDirs.map(
    (dir, i) =>
      (
        JSON.parse(
          readFileSync(reportFiles(dir, "contract", "sandbox", { index: i + 1, count: 3 }).records, "utf8"),
        ) as RunRecords
      ).tests.length,
  );
  expect(tests.every((n) => n > 0)).toBe(true);
  expect(readdirSync(merged).sort()).toEqual([
    "contract-sandbox.coverage.json",
    "contract-sandbox.json",
    "contract-sandbox.xml",
  ]);
});

/** A copy of a shard's reports directory whose records are changed by `edit`. */
function foreignCopy(dir: string, name: string, edit: (records: RunRecords) => void): string {
  const copy = join(work, name);
  cpSync(dir, copy, { recursive: true });
  const [file] = readdirSync(copy).filter((f) => /\.shard-\d+-of-\d+\.records\.json$/.test(f));
  const path = join(copy, file as string);
  const records = JSON.parse(readFileSync(path, "utf8")) as RunRecords;
  edit(records);
  writeFileSync(path, JSON.stringify(records));
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
    /^contract-tests: shard 2\/3 is given twice: shard-2\/contract-sandbox\.shard-2-of-3\.records\.json and shard-2\/contract-sandbox\.shard-2-of-3\.records\.json$/,
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
    /^contract-tests: spec\/contract-sandbox\.shard-3-of-3\.records\.json is a shard of another run: spec 0123456789abcdef, not [0-9a-f]{16} as in shard-1\/contract-sandbox\.shard-1-of-3\.records\.json$/,
  ],
  [
    "a shard of another run",
    () => [
      shardDirs[0],
      shardDirs[1],
      foreignCopy(shardDirs[2] as string, "run", (s) => ((s.run as { id?: string }).id = "github-1-1")),
    ],
    /^contract-tests: run\/contract-sandbox\.shard-3-of-3\.records\.json is a shard of another run: run id github-1-1, not undefined/,
  ],
  [
    "a shard of another target",
    () => [
      shardDirs[0],
      shardDirs[1],
      foreignCopy(shardDirs[2] as string, "target", (s) => ((s.run as { target: string }).target = "prism")),
    ],
    /^contract-tests: target\/contract-sandbox\.shard-3-of-3\.records\.json is a shard of another run: target prism, not sandbox/,
  ],
])("merge refuses %s: exit 2 naming it", async (_, dirs, line) => {
  const run = await runBin(["merge", ...(dirs() as string[]), "--reports-dir", join(work, "refused")], {
    cwd: work,
  });
  expect(run.code).toBe(2);
  expect(run.stdout.trim()).toMatch(line);
});
