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
  const coverageOf = (kind: CoverageKind): KindCoverage => {
    const items = [...documented[kind]].sort();
    return {
      exercised: items.filter((item) => seen.has(item)),
      missing: items.filter((item) => !seen.has(item)),
    };
  };
  const kinds: Record<CoverageKind, KindCoverage> = {
    operations: coverageOf("operations"),
    statuses: coverageOf("statuses"),
    oneOfBranches: coverageOf("oneOfBranches"),
    enumValues: coverageOf("enumValues"),
    linksFollowed: coverageOf("linksFollowed"),
  };
  const exercised = COVERAGE_KINDS.reduce((sum, kind) => sum + kinds[kind].exercised.length, 0);
  const total = COVERAGE_KINDS.reduce(
    (sum, kind) => sum + kinds[kind].exercised.length + kinds[kind].missing.length,
    0,
  );
  const percent = total === 0 ? 100 : (exercised / total) * 100;
  return { generatedAt: now.toISOString(), percent, exercised, documented: total, kinds };
}

/** The kinds the hand-written suite aims at; the others are the generators' work. */
export const SUITE_AIMS: readonly CoverageKind[] = ["operations", "statuses"];

/** The command that aims at each kind the hand-written suite leaves aside. */
const COVERED_BY: Partial<Record<CoverageKind, string>> = {
  oneOfBranches: "contract-tests generate",
  enumValues: "contract-tests generate",
  linksFollowed: "contract-tests stateful",
};

const listed = (labels: readonly string[]) =>
  labels.length < 2 ? labels.join("") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;

/**
 * `coverage 71.4% (150/210): operations 12/12, documented statuses 40/96, …; missing 56 documented statuses, …`.
 * With `aims` (a hand-written suite), it also says which missing kinds the suite leaves to which command.
 */
export function coverageLine(report: CoverageReport, aims?: readonly CoverageKind[]): string {
  const parts = COVERAGE_KINDS.map((kind) => {
    const { exercised, missing } = report.kinds[kind];
    return `${LABELS[kind]} ${exercised.length}/${exercised.length + missing.length}`;
  });
  const missingKinds = COVERAGE_KINDS.filter((kind) => report.kinds[kind].missing.length > 0);
  const missing = missingKinds.map((kind) => `${report.kinds[kind].missing.length} ${LABELS[kind]}`);
  let line = `coverage ${report.percent.toFixed(1)}% (${report.exercised}/${report.documented}): ${parts.join(", ")}`;
  if (missing.length > 0) line += `; missing ${missing.join(", ")}`;
  const leftAside = aims === undefined ? [] : missingKinds.filter((kind) => !aims.includes(kind));
  if (leftAside.length > 0) {
    const byCommand = new Map<string, string[]>();
    for (const kind of leftAside) {
      const command = COVERED_BY[kind] ?? "contract-tests generate";
      byCommand.set(command, [...(byCommand.get(command) ?? []), LABELS[kind]]);
    }
    const covers = [...byCommand].map(([command, labels]) => `${command} covers ${listed(labels)}`);
    line += ` (the hand-written suite does not aim at ${listed(leftAside.map((kind) => LABELS[kind]))}: ${covers.join("; ")})`;
  }
  return line;
}

/** The reports of several runs against the same spec as one: an item counts when any run exercised it. */
export function mergeCoverage(reports: readonly CoverageReport[], now = new Date()): CoverageReport {
  const hits = reports.flatMap((report) =>
    // A report written before a kind existed has none of its items.
    COVERAGE_KINDS.flatMap((kind) => report.kinds[kind]?.exercised ?? []),
  );
  const documentedOf = (kind: CoverageKind) => [
    ...new Set(
      reports.flatMap((report) => {
        const items = report.kinds[kind];
        return items === undefined ? [] : [...items.exercised, ...items.missing];
      }),
    ),
  ];
  const documented: Record<CoverageKind, string[]> = {
    operations: documentedOf("operations"),
    statuses: documentedOf("statuses"),
    oneOfBranches: documentedOf("oneOfBranches"),
    enumValues: documentedOf("enumValues"),
    linksFollowed: documentedOf("linksFollowed"),
  };
  return coverageReport(documented, hits, now);
}

/** The message for a run below the threshold, or undefined when it reaches it. */
export function belowThreshold(report: CoverageReport, minPercent: number | undefined): string | undefined {
  if (minPercent === undefined || report.percent >= minPercent) return undefined;
  return `coverage ${report.percent.toFixed(1)}% is below --min-coverage ${minPercent}%`;
}
