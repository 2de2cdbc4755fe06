// Merges the reports of shards (`--shard i/n` runs, each with its own reports directory or file names)
// into the reports one unsharded run would have written: the JSON summary, the JUnit XML and coverage.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { CannotRun } from "../commands/command.js";
import { type CoverageGates, checkGates, type GateResult } from "../coverage-report/gates.js";
import { type CoverageReport, mergeCoverage } from "../coverage-report/report.js";
import { type ReportFiles, reportFiles } from "../report-files.js";
import { junitXml } from "../reports/junit.js";
import { writeRunReports } from "../reports/run-reports.js";
import type { ContractSummary, Counts, OperationSummary, RunMeta } from "../summary.js";
import { readShardJson, readShardJunit } from "./shard-input.js";

export interface MergedReports {
  files: ReportFiles;
  /** How many shards were merged. */
  shards: number;
  summary: ContractSummary;
  coverage: CoverageReport;
}

/** `contract-sandbox.shard-2-of-3.json` → `contract-sandbox`; undefined for other files. */
function runOf(fileName: string, extension: string): string | undefined {
  const found = new RegExp(
    `^([a-z]+-[a-z]+)(?:\\.shard-\\d+-of-\\d+)?${extension.replaceAll(".", "\\.")}$`,
  ).exec(fileName);
  return found?.[1];
}

/** The report files of the directories; shard files only when there are any (a merged file may sit beside them). */
function collect(dirs: readonly string[], extension: string): Array<{ run: string; file: string }> {
  const found: Array<{ run: string; file: string; shard: boolean }> = [];
  for (const dir of dirs) {
    for (const name of readdirSync(dir).sort()) {
      const run = runOf(name, extension);
      if (run) found.push({ run, file: join(dir, name), shard: name.includes(".shard-") });
    }
  }
  const shards = found.filter((f) => f.shard);
  return shards.length > 0 ? shards : found;
}

const add = (into: Counts, from: Counts) => {
  into.passed += from.passed;
  into.failed += from.failed;
  into.skipped += from.skipped;
};

export function mergeSummaries(summaries: readonly ContractSummary[], now = new Date()): ContractSummary {
  const [first] = summaries;
  if (!first) throw new Error("no summary to merge");
  const operations = new Map<string, OperationSummary>();
  const totals = { tests: 0, violations: 0, passed: 0, failed: 0, skipped: 0 };
  const unassigned = { passed: 0, failed: 0, skipped: 0 };
  const unhandledErrors: string[] = [];
  for (const summary of summaries) {
    if (summary.target !== first.target) {
      throw new Error(`the shards ran against different targets: ${first.target} and ${summary.target}`);
    }
    totals.tests += summary.totals.tests;
    totals.violations += summary.totals.violations;
    add(totals, summary.totals);
    add(unassigned, summary.unassigned);
    unhandledErrors.push(...summary.unhandledErrors);
    for (const op of summary.operations) {
      const into = operations.get(op.operationId);
      if (!into) {
        operations.set(op.operationId, structuredClone(op));
        continue;
      }
      add(into, op);
      into.violations.push(...op.violations);
      into.failures.push(...op.failures);
      into.skips.push(...op.skips);
      into.prismProblems += op.prismProblems;
      if (op.requestsSent !== undefined) into.requestsSent = (into.requestsSent ?? 0) + op.requestsSent;
    }
  }
  return {
    target: first.target,
    generatedAt: now.toISOString(),
    totals,
    operations: [...operations.values()],
    unassigned,
    unhandledErrors,
  };
}

const ROOT = /<testsuites\b([^>]*)>([\s\S]*)<\/testsuites>/;

function attribute(attributes: string, name: string): number {
  return Number(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? 0);
}

/** One JUnit document from several: the `testsuite` elements side by side, the totals added up. */
export function mergeJunit(
  documents: readonly string[],
  name: string,
  gates: readonly GateResult[] = [],
): string {
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  const suites: string[] = [];
  for (const document of documents) {
    const found = ROOT.exec(document);
    if (!found) throw new Error("a JUnit file without <testsuites>");
    const [, attributes = "", body = ""] = found;
    totals.tests += attribute(attributes, "tests");
    totals.failures += attribute(attributes, "failures");
    totals.errors += attribute(attributes, "errors");
    totals.skipped += attribute(attributes, "skipped");
    totals.time += attribute(attributes, "time");
    suites.push(body.trim());
  }
  if (gates.length > 0) {
    const found = ROOT.exec(junitXml({ name, tests: [], operationIds: [], gates, cwd: "." }));
    suites.push((found?.[2] ?? "").trim());
    totals.tests += gates.length;
    totals.failures += gates.filter((gate) => !gate.passed).length;
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${totals.time.toFixed(3)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}

/** The shard summaries of the directories, checked to be every shard of one run once. */
function checkShards(
  dirs: readonly string[],
  cwd: string,
): Array<{ file: string; summary: ContractSummary }> {
  const found: Array<{ file: string; summary: ContractSummary }> = [];
  for (const dir of dirs) {
    const files = collect([dir], ".json").filter((f) => f.file.includes(".shard-"));
    if (files.length === 0)
      throw new CannotRun(
        `no shard report (<name>-<target>.shard-i-of-n.json) in ${relative(cwd, dir) || "."}`,
      );
    for (const { file } of files) {
      const summary = readShardJson<ContractSummary>(file, cwd);
      found.push({ file, summary });
    }
  }
  const name = (file: string) => relative(cwd, file);
  const [first] = found;
  if (!first) throw new CannotRun(`no shard report in ${dirs.join(", ")}`);
  const meta = first.summary.run;
  if (!meta?.shard)
    throw new CannotRun(`${name(first.file)} has no run and shard information: written by an older version?`);
  const byIndex = new Map<number, string>();
  for (const { file, summary } of found) {
    const other = summary.run;
    if (!other?.shard)
      throw new CannotRun(`${name(file)} has no run and shard information: written by an older version?`);
    const foreign = (what: string, a: unknown, b: unknown) =>
      new CannotRun(
        `${name(file)} is a shard of another run: ${what} ${String(b)}, not ${String(a)} as in ${name(first.file)}`,
      );
    if (other.name !== meta.name) throw foreign("run", meta.name, other.name);
    if (other.target !== meta.target) throw foreign("target", meta.target, other.target);
    if (other.specHash !== meta.specHash) throw foreign("spec", meta.specHash, other.specHash);
    if ((other.id !== undefined || meta.id !== undefined) && other.id !== meta.id)
      throw foreign("run id", meta.id, other.id);
    // Prism and the sandbox are started per shard, each on its own port: only an outside target's URL is compared.
    const external = meta.target === "url" || meta.target === "real";
    if (external && other.baseUrl !== meta.baseUrl) throw foreign("base URL", meta.baseUrl, other.baseUrl);
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
      `${missing.map((i) => `shard ${i}/${meta.shard?.count}`).join(", ")} missing: only ${[...byIndex.keys()]
        .sort()
        .map((i) => `${i}/${meta.shard?.count}`)
        .join(", ")} given`,
    );
  }
  return found;
}

/** Reads every shard report of the directories, checks them and writes the merged ones into `outDir`. */
export function mergeReportDirs(
  dirs: readonly string[],
  outDir: string,
  gates: CoverageGates = {},
  cwd = process.cwd(),
): MergedReports {
  const shards = checkShards(dirs, cwd);
  const first = shards[0]?.summary.run as RunMeta;
  const files = reportFiles(outDir, first.name, first.target);
  const sibling = (file: string, extension: string) => file.replace(/\.json$/, extension);
  const coverage = mergeCoverage(
    shards.map(({ file }) => readShardJson<CoverageReport>(sibling(file, ".coverage.json"), cwd)),
  );
  const gateResults = checkGates(coverage, gates);
  const { shard: _shard, ...run } = first;
  const summary = {
    ...mergeSummaries(shards.map(({ summary }) => summary)),
    run,
    gates: gateResults,
  };
  const junit = mergeJunit(
    shards.map(({ file }) => readShardJunit(sibling(file, ".xml"), cwd)),
    `${first.name}-${first.target}`,
    gateResults,
  );
  writeRunReports(files, { summary, coverage, junit });
  return { files, summary, coverage, shards: shards.length };
}
