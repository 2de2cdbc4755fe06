// Where a run's reports go: `<name>-<target>[.shard-<i>-of-<n>].{json,xml,coverage.json,codequality.json,records.json}`
// in the reports directory, its saved cases in `cases/<name>-<target>[…]/` and its kept failures in
// `kept-failures/<name>-<target>[…]/`. `name` is `contract` for the suite and `generated` for a generate run.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface Shard {
  index: number;
  count: number;
}

export interface ReportFiles {
  /** The JSON summary per operation. */
  summary: string;
  /** JUnit XML. */
  junit: string;
  coverage: string;
  /** GitLab code quality (written with --reporter gitlab). */
  codeQuality: string;
  /** A shard's test records, which `merge` joins (written for shards only). */
  records: string;
  /** The folder of the run's saved cases (generate's smallest cases, stateful's shrunk sequence). */
  cases: string;
  /** The folder of the run's kept failures: one vitest file per failure (src/kept/). */
  kept: string;
}

export function reportFiles(dir: string, name: string, target: string, shard?: Shard): ReportFiles {
  const run = `${name}-${target}${shard ? `.shard-${shard.index}-of-${shard.count}` : ""}`;
  const base = join(dir, run);
  return {
    summary: `${base}.json`,
    junit: `${base}.xml`,
    coverage: `${base}.coverage.json`,
    codeQuality: `${base}.codequality.json`,
    records: `${base}.records.json`,
    cases: join(dir, "cases", run),
    kept: join(dir, "kept-failures", run),
  };
}

/** `2/3` → { index: 2, count: 3 }; throws on anything else. */
export function parseShard(text: string): Shard {
  const found = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(found?.[1]);
  const count = Number(found?.[2]);
  if (!found || count < 1 || index < 1 || index > count) {
    throw new Error(`a shard is i/n with 1 ≤ i ≤ n (for example 2/3), got "${text}"`);
  }
  return { index, count };
}

/** Removes what an earlier run of the same name, target and shard left, so no stale report outlives a re-run. */
export function removeReports(files: ReportFiles): void {
  for (const file of Object.values(files)) rmSync(file, { force: true, recursive: true });
  // The cases and kept-failures folders go too once no other run keeps anything in them.
  for (const root of [dirname(files.cases), dirname(files.kept)]) {
    try {
      if (readdirSync(root).length === 0) rmSync(root, { recursive: true });
    } catch {
      // Absent: nothing to remove.
    }
  }
}

/** Writes `text` to `file`, making its folder first. */
export function writeText(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes `value` as indented JSON (and a final newline) to `file`, making its folder first. */
export function writeJson(file: string, value: unknown): void {
  writeText(file, `${JSON.stringify(value, null, 2)}\n`);
}
