// Merges shards (`--shard i/n` runs, each with its own reports directory or file names) into the reports one
// unsharded run would have written: the shards' saved records are checked to be every shard of one run once,
// joined, and handed to the one report writer, so the merged reports equal an unsharded run's.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { CannotRun } from "../commands/command.js";
import type { CoverageGates } from "../coverage-report/gates.js";
import { type ReportFiles, removeReports, reportFiles } from "../report-files.js";
import type { RunRecords } from "../reports/records.js";
import { type WrittenReports, writeReports } from "../reports/write-reports.js";
import type { RunMeta } from "../summary.js";
import { readShardJson } from "./shard-input.js";

export interface MergedReports extends WrittenReports {
  files: ReportFiles;
  /** How many shards were merged. */
  shards: number;
}

/** `contract-sandbox.shard-2-of-3.records.json`: the records a shard saved. */
const SHARD_RECORDS = /^[a-z]+-[a-z]+\.shard-\d+-of-\d+\.records\.json$/;

interface ShardRecords {
  file: string;
  records: RunRecords & { run: RunMeta & { shard: NonNullable<RunMeta["shard"]> } };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const TEST_STATES = new Set(["passed", "failed", "skipped"]);

/** The first item of the records that is not what a shard writes, as a pointer; undefined when all are. */
function badItem(records: RunRecords): string | undefined {
  const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === "string");
  const test = records.tests.findIndex(
    (t: unknown) =>
      !isObject(t) ||
      typeof t.name !== "string" ||
      typeof t.file !== "string" ||
      !TEST_STATES.has(t.state as string) ||
      !strings(t.errors),
  );
  if (test >= 0) return `/tests/${test}`;
  const operation = records.operations.findIndex(
    (o: unknown) =>
      !isObject(o) ||
      typeof o.operationId !== "string" ||
      typeof o.method !== "string" ||
      typeof o.path !== "string",
  );
  return operation >= 0 ? `/operations/${operation}` : undefined;
}

/** The records of one shard file, its numbers (shard-input.ts) and items checked, or a CannotRun naming it. */
function readShard(file: string, cwd: string): ShardRecords {
  const records = readShardJson<RunRecords>(file, cwd);
  const shard = records.run?.shard;
  if (shard === undefined || !Array.isArray(records.tests) || !Array.isArray(records.operations))
    throw new CannotRun(`${relative(cwd, file)} holds no shard records: written by an older version?`);
  const bad = badItem(records);
  if (bad !== undefined) throw new CannotRun(`${relative(cwd, file)} holds a broken record at ${bad}`);
  return { file, records: { ...records, run: { ...records.run, shard } } };
}

/** The shard records of the directories, checked to be every shard of one run once. */
function checkShards(dirs: readonly string[], cwd: string): ShardRecords[] {
  const name = (file: string) => relative(cwd, file);
  const found: ShardRecords[] = [];
  for (const dir of dirs) {
    const files = readdirSync(dir)
      .filter((file) => SHARD_RECORDS.test(file))
      .sort();
    if (files.length === 0)
      throw new CannotRun(
        `no shard records (<name>-<target>.shard-i-of-n.records.json) in ${relative(cwd, dir) || "."}`,
      );
    for (const file of files) found.push(readShard(join(dir, file), cwd));
  }
  const [first] = found;
  if (!first) throw new CannotRun(`no shard records in ${dirs.join(", ")}`);
  const meta = first.records.run;
  const byIndex = new Map<number, string>();
  for (const { file, records } of found) {
    const other = records.run;
    const foreign = (what: string, a: unknown, b: unknown) =>
      new CannotRun(
        `${name(file)} is a shard of another run: ${what} ${String(b)}, not ${String(a)} as in ${name(first.file)}`,
      );
    if (other.name !== meta.name) throw foreign("run", meta.name, other.name);
    if (other.target !== meta.target) throw foreign("target", meta.target, other.target);
    if (other.specHash !== meta.specHash) throw foreign("spec", meta.specHash, other.specHash);
    if ((other.id !== undefined || meta.id !== undefined) && other.id !== meta.id)
      throw foreign("run id", meta.id, other.id);
    if (other.baseUrl !== meta.baseUrl) throw foreign("base URL", meta.baseUrl, other.baseUrl);
    if (other.shard.count !== meta.shard.count)
      throw foreign("shard count", meta.shard.count, other.shard.count);
    const twin = byIndex.get(other.shard.index);
    if (twin !== undefined) {
      throw new CannotRun(
        `shard ${other.shard.index}/${other.shard.count} is given twice: ${twin} and ${name(file)}`,
      );
    }
    byIndex.set(other.shard.index, name(file));
  }
  const missing: number[] = [];
  for (let i = 1; i <= meta.shard.count; i++) if (!byIndex.has(i)) missing.push(i);
  if (missing.length > 0) {
    throw new CannotRun(
      `${missing.map((i) => `shard ${i}/${meta.shard.count}`).join(", ")} missing: only ${[...byIndex.keys()]
        .sort()
        .map((i) => `${i}/${meta.shard.count}`)
        .join(", ")} given`,
    );
  }
  return found;
}

/** The records of one run from those of its shards: every test, every item covered, every error. */
export function joinRecords(shards: readonly RunRecords[]): RunRecords {
  const [first] = shards;
  if (!first) throw new Error("no shard to join");
  const { shard: _shard, ...run } = first.run;
  const documented = first.coverage?.documented;
  return {
    run,
    operations: first.operations,
    tests: shards.flatMap((shard) => shard.tests),
    unhandledErrors: shards.flatMap((shard) => shard.unhandledErrors ?? []),
    ...(documented === undefined
      ? {}
      : {
          coverage: {
            documented,
            hits: [...new Set(shards.flatMap((shard) => shard.coverage?.hits ?? []))].sort(),
          },
        }),
  };
}

/** Reads every shard's records in the directories, checks them and writes the merged reports into `outDir`. */
export function mergeReportDirs(
  dirs: readonly string[],
  outDir: string,
  gates: CoverageGates = {},
  cwd = process.cwd(),
): MergedReports {
  const shards = checkShards(dirs, cwd);
  const records = joinRecords(shards.map((shard) => shard.records));
  const files = reportFiles(outDir, records.run.name, records.run.target);
  removeReports(files);
  return { files, shards: shards.length, ...writeReports(records, { files, gates, cwd }) };
}
