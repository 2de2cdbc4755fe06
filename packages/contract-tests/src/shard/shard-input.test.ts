// merge reads every number of a shard's records before joining anything: a negative or fractional count,
// a negative duration, a shard index outside 1…n, a shard count beyond MAX_SHARDS (1e9 would be a billion
// missing shards), no shard at all, a test or operation record that is no such record, or a file that is not
// JSON cannot run (exit 2, one line naming the file); sound shards merge.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanEnv, runBin } from "../test-support/bin.js";
import { shardRecordsWith, writeShard } from "../test-support/shard-reports.js";
import { MAX_SHARDS } from "./shard-input.js";

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "shard-input-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

it.for([
  [
    "requestsSent: -1",
    shardRecordsWith(["tests", 0, "meta", "requestsSent", "getTask"], -1),
    /holds a number that is not a count: \/tests\/0\/meta\/requestsSent\/getTask is -1$/,
  ],
  [
    "requestsSent: 0.5",
    shardRecordsWith(["tests", 0, "meta", "requestsSent", "getTask"], 0.5),
    /\/tests\/0\/meta\/requestsSent\/getTask is 0\.5$/,
  ],
  ["durationMs: -1", shardRecordsWith(["tests", 0, "durationMs"], -1), /\/tests\/0\/durationMs is -1$/],
  [
    "shard.count 1e9",
    shardRecordsWith(["run", "shard", "count"], 1e9),
    new RegExp(`names shard 2/1000000000: a shard is i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS}$`),
  ],
  ["shard.index 0", shardRecordsWith(["run", "shard", "index"], 0), /names shard 0\/2/],
  [
    "no shard",
    shardRecordsWith(["run", "shard"], undefined),
    /holds no shard records: written by an older version\?$/,
  ],
  ["a test that is null", shardRecordsWith(["tests", 0], null), /holds a broken record at \/tests\/0$/],
  [
    "an operation without a path",
    shardRecordsWith(["operations", 0, "path"], undefined),
    /holds a broken record at \/operations\/0$/,
  ],
  ["not JSON", '{"tests": ', /cannot be read as JSON: /],
  ["an array", "[1, 2]", /is not a report \(a JSON object\)$/],
] as const)("refuses a shard with %s, naming the file", async ([name, text, message]) => {
  const dir = join(work, name.replace(/\W+/g, "-"));
  writeShard(join(dir, "1"), 1, 2);
  const file = writeShard(join(dir, "2"), 2, 2, text);
  const run = await runBin(["merge", join(dir, "1"), join(dir, "2"), "--reports-dir", join(dir, "out")], {
    env: cleanEnv(),
    cwd: dir,
  });
  expect(run.code, run.stdout).toBe(2);
  expect(run.stderr).toBe("");
  const lines = run.stdout.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`contract-tests: ${relative(dir, file)} `);
  expect(lines[0]).toMatch(message);
});

it("merges sound shards (the same fixture, unchanged)", async () => {
  const dir = join(work, "sound");
  writeShard(join(dir, "1"), 1, 2);
  writeShard(join(dir, "2"), 2, 2);
  const run = await runBin(["merge", join(dir, "1"), join(dir, "2"), "--reports-dir", join(dir, "out")], {
    env: cleanEnv(),
  });
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toMatch(/^merged 2 shards\n/);
  expect(run.stdout.trimEnd().split("\n").at(-1)).toBe("verdict: passed (2 passed, 0 failed, 0 skipped)");
});
