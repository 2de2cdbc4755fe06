// The coverage report of a run (written as JSON next to the run's other reports), its one-line form,
// the threshold check of --min-coverage, and the union of several reports (shards).
import { COVERAGE_KINDS, type CoverageKind } from "./model.js";

export interface KindCoverage {
  exercised: string[];
  missing: string[];
}

export interface CoverageReport {
  generatedAt: string;
  /** Exercised items of all kinds over documented items of all kinds, in percent. */
  percent: number;
  exercised: number;
  documented: number;
  kinds: Record<CoverageKind, KindCoverage>;
}

const LABELS: Record<CoverageKind, string> = {
  operations: "operations",
  statuses: "documented statuses",
  oneOfBranches: "oneOf branches",
  enumValues: "enum values",
  linksFollowed: "links followed",
};

/** Builds the report from what the spec documents and the item keys that were exercised. */
export function coverageReport(
  documented: Record<CoverageKind, readonly string[]>,
  hits: Iterable<string>,
  now = new Date(),
): CoverageReport {
  const seen = new Set(hits);
  const kinds = {} as Record<CoverageKind, KindCoverage>;
  let exercised = 0;
  let total = 0;
  for (const kind of COVERAGE_KINDS) {
    const items = [...documented[kind]].sort();
    const done = items.filter((item) => seen.has(item));
    kinds[kind] = { exercised: done, missing: items.filter((item) => !seen.has(item)) };
    exercised += done.length;
    total += items.length;
  }
  const percent = total === 0 ? 100 : (exercised / total) * 100;
  return { generatedAt: now.toISOString(), percent, exercised, documented: total, kinds };
}

/** `coverage 71.4% (150/210): operations 12/12, documented statuses 40/96, oneOf branches 9/10, enum values 89/92` */
export function coverageLine(report: CoverageReport): string {
  const parts = COVERAGE_KINDS.map((kind) => {
    const { exercised, missing } = report.kinds[kind];
    return `${LABELS[kind]} ${exercised.length}/${exercised.length + missing.length}`;
  });
  return `coverage ${report.percent.toFixed(1)}% (${report.exercised}/${report.documented}): ${parts.join(", ")}`;
}

/** The reports of several runs against the same spec as one: an item counts when any run exercised it. */
export function mergeCoverage(reports: readonly CoverageReport[], now = new Date()): CoverageReport {
  const documented = {} as Record<CoverageKind, string[]>;
  const hits: string[] = [];
  for (const kind of COVERAGE_KINDS) {
    const all = new Set<string>();
    for (const report of reports) {
      // A report written before a kind existed has none of its items.
      const items = report.kinds[kind] ?? { exercised: [], missing: [] };
      for (const item of [...items.exercised, ...items.missing]) all.add(item);
      hits.push(...items.exercised);
    }
    documented[kind] = [...all];
  }
  return coverageReport(documented, hits, now);
}

/** The message for a run below the threshold, or undefined when it reaches it. */
export function belowThreshold(report: CoverageReport, minPercent: number | undefined): string | undefined {
  if (minPercent === undefined || report.percent >= minPercent) return undefined;
  return `coverage ${report.percent.toFixed(1)}% is below --min-coverage ${minPercent}%`;
}
