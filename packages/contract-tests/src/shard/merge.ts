// Merges the reports of shards (`--shard i/n` runs, each with its own reports directory or file names)
// into the reports one unsharded run would have written: the JSON summary, the JUnit XML and coverage.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CoverageReport, mergeCoverage } from "../coverage-report/report.js";
import { ensureDir } from "../record/har.js";
import { reportFiles } from "../report-files.js";
import type { ContractSummary, Counts, OperationSummary } from "../summary.js";

export interface MergedReports {
  files: { summary: string; junit: string; coverage: string };
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
export function mergeJunit(documents: readonly string[], name: string): string {
  const totals = { tests: 0, failures: 0, errors: 0, time: 0 };
  const suites: string[] = [];
  for (const document of documents) {
    const found = ROOT.exec(document);
    if (!found) throw new Error("a JUnit file without <testsuites>");
    const [, attributes = "", body = ""] = found;
    totals.tests += attribute(attributes, "tests");
    totals.failures += attribute(attributes, "failures");
    totals.errors += attribute(attributes, "errors");
    totals.time += attribute(attributes, "time");
    suites.push(body.trim());
  }
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="${name}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${totals.time.toFixed(3)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}

/** Reads every shard report of the directories and writes the merged ones into `outDir`. */
export function mergeReportDirs(dirs: readonly string[], outDir: string): MergedReports {
  const summaries = collect(dirs, ".json");
  const runs = [...new Set(summaries.map((s) => s.run))];
  if (runs.length !== 1) {
    throw new Error(
      runs.length === 0
        ? `no contract summary (<name>-<target>[.shard-i-of-n].json) in ${dirs.join(", ")}`
        : `reports of different runs (${runs.join(", ")}); merge one run's shards at a time`,
    );
  }
  const run = runs[0] as string;
  const [name, target] = run.split("-") as [string, string];
  const files = reportFiles(outDir, name, target);
  const inputs = (list: Array<{ file: string }>) => list.map(({ file }) => file);
  const summary = mergeSummaries(
    inputs(summaries).map((file) => JSON.parse(readFileSync(file, "utf8")) as ContractSummary),
  );
  const junit = mergeJunit(
    inputs(collect(dirs, ".xml")).map((file) => readFileSync(file, "utf8")),
    run,
  );
  const coverage = mergeCoverage(
    inputs(collect(dirs, ".coverage.json")).map(
      (file) => JSON.parse(readFileSync(file, "utf8")) as CoverageReport,
    ),
  );
  ensureDir(outDir);
  writeFileSync(files.summary, `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(files.junit, junit);
  writeFileSync(files.coverage, `${JSON.stringify(coverage, null, 2)}\n`);
  return { files, summary, coverage };
}
