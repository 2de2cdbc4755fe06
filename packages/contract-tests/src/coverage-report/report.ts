// The coverage report of a run (written as JSON next to the run's other reports) and its lines for the
// terminal. Shards merge by the union of their hits (shard/merge.ts). One definition of a figure: the items of
// some kinds reached over those documented (`coverageOf`); the headline, the report's `percent` and every
// --min-coverage gate are that function over their kinds.
import { COVERAGE_KINDS, type CoverageKind, perKind } from "./model.js";

export interface KindCoverage {
  exercised: string[];
  missing: string[];
}

export interface CoverageReport {
  generatedAt: string;
  /** Operations and documented statuses reached over those documented, in percent (what --min-coverage N gates). */
  percent: number;
  exercised: number;
  documented: number;
  kinds: Record<CoverageKind, KindCoverage>;
}

/** The kinds a run's coverage figure counts: every test aims at them; the others are the generators' work. */
export const REACHED_KINDS: readonly CoverageKind[] = ["operations", "statuses"];

const LABELS: Record<CoverageKind, string> = {
  operations: "operations",
  statuses: "documented statuses",
  oneOfBranches: "oneOf branches",
  enumValues: "enum values",
  linksFollowed: "links followed",
};

/** The command that aims at each kind reported apart. */
const AIMED_AT_BY: Partial<Record<CoverageKind, string>> = {
  oneOfBranches: "contract-tests generate",
  enumValues: "contract-tests generate",
  linksFollowed: "contract-tests stateful",
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
  const kinds = perKind(coverageOf);
  const { percent, exercised, documented: total } = figureOf(kinds, REACHED_KINDS);
  return { generatedAt: now.toISOString(), percent, exercised, documented: total, kinds };
}

/** A coverage figure: the items reached of some kinds, those documented, and the first over the second in percent. */
export interface CoverageFigure {
  percent: number;
  exercised: number;
  documented: number;
  missing: string[];
}

function figureOf(kinds: Record<CoverageKind, KindCoverage>, of: readonly CoverageKind[]): CoverageFigure {
  const exercised = of.reduce((sum, kind) => sum + kinds[kind].exercised.length, 0);
  const missing = of.flatMap((kind) => kinds[kind].missing);
  const documented = exercised + missing.length;
  return { percent: documented === 0 ? 100 : (exercised / documented) * 100, exercised, documented, missing };
}

/** The figure of `of` in the report: the one definition the headline and every gate use. */
export const coverageOf = (report: CoverageReport, of: readonly CoverageKind[]): CoverageFigure =>
  figureOf(report.kinds, of);

/** `documented statuses 45.3% (39/86)`. */
const figureText = (report: CoverageReport, kind: CoverageKind) => {
  const { percent, exercised, documented } = coverageOf(report, [kind]);
  return `${LABELS[kind]} ${percent.toFixed(1)}% (${exercised}/${documented})`;
};

/** `403 ×9, 429 ×12`: the missing documented statuses by status code, most first. */
function missingStatuses(missing: readonly string[]): string {
  const byStatus = new Map<string, number>();
  for (const item of missing) {
    const status = item.slice(item.lastIndexOf(" ") + 1);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }
  return [...byStatus]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([status, n]) => `${status} ×${n}`)
    .join(", ");
}

/**
 * The coverage as a run's last lines: operations and documented statuses reached (what the figure and
 * --min-coverage N count, with the missing statuses by code), then the kinds reported apart and the
 * command that aims at each.
 */
export function coverageLines(report: CoverageReport): string[] {
  const missing = report.kinds.statuses.missing;
  const statuses = `${figureText(report, "statuses")}${missing.length > 0 ? ` (missing ${missingStatuses(missing)})` : ""}`;
  const total = coverageOf(report, REACHED_KINDS);
  const reached = `coverage ${total.percent.toFixed(1)}% of operations and documented statuses (${total.exercised}/${total.documented}): ${figureText(report, "operations")}, ${statuses}`;
  const byCommand = new Map<string, string[]>();
  for (const kind of COVERAGE_KINDS.filter((k) => !REACHED_KINDS.includes(k))) {
    const command = AIMED_AT_BY[kind] ?? "contract-tests generate";
    byCommand.set(command, [...(byCommand.get(command) ?? []), figureText(report, kind)]);
  }
  const apart = [...byCommand].map(([command, parts]) => `${parts.join(", ")} (what ${command} aims at)`);
  return [reached, `reported apart: ${apart.join("; ")}`];
}
