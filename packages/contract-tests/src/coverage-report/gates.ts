// Coverage gates of --min-coverage: a bare number is a threshold on the total (operations and documented
// statuses together, what every run aims at);
// `operations=100,statuses=50,branches=100,enums=80` sets one per kind. A gate that fails lists what is
// missing, so a report can show it as a failing test case.
import type { CoverageKind } from "./model.js";
import { type CoverageReport, coverageOf, REACHED_KINDS } from "./report.js";

/** The names of --min-coverage, one per kind, and `total`. */
export const GATE_NAMES = {
  operations: "operations",
  statuses: "statuses",
  branches: "oneOfBranches",
  enums: "enumValues",
} as const satisfies Record<string, CoverageKind>;

export type GateName = keyof typeof GATE_NAMES | "total";

/** Thresholds in percent, by gate name. */
export type CoverageGates = Partial<Record<GateName, number>>;

export interface GateResult {
  gate: GateName;
  threshold: number;
  percent: number;
  passed: boolean;
  /** The items not exercised (of the kind, or of operations and statuses for `total`). */
  missing: string[];
}

function percentValue(text: string, what: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new Error(`${what} must be a percentage from 0 to 100, got "${text}"`);
  }
  return value;
}

/** `80` → { total: 80 }; `operations=100,enums=80` → { operations: 100, enums: 80 }. Throws on anything else. */
export function parseGates(text: string): CoverageGates {
  if (!text.includes("=")) return { total: percentValue(text, "the coverage threshold") };
  const gates: CoverageGates = {};
  for (const part of text.split(",")) {
    const [name = "", value = "", ...rest] = part.split("=").map((s) => s.trim());
    const known = [...Object.keys(GATE_NAMES), "total"];
    if (!known.includes(name) || rest.length > 0) {
      throw new Error(`unknown coverage gate "${part.trim()}"; use ${known.map((k) => `${k}=N`).join(", ")}`);
    }
    gates[name as GateName] = percentValue(value, `the ${name} threshold`);
  }
  return gates;
}

/** The kinds each gate counts: `total` those of the headline, the others their own. */
const GATE_KINDS: Record<GateName, readonly CoverageKind[]> = {
  total: REACHED_KINDS,
  operations: [GATE_NAMES.operations],
  statuses: [GATE_NAMES.statuses],
  branches: [GATE_NAMES.branches],
  enums: [GATE_NAMES.enums],
};

/** Every gate of `gates` checked against the report, in the order total, operations, statuses, branches, enums. */
export function checkGates(report: CoverageReport, gates: CoverageGates): GateResult[] {
  const results: GateResult[] = [];
  for (const gate of Object.keys(GATE_KINDS) as GateName[]) {
    const threshold = gates[gate];
    if (threshold === undefined) continue;
    const { percent, missing } = coverageOf(report, GATE_KINDS[gate]);
    results.push({ gate, threshold, percent, passed: percent >= threshold, missing });
  }
  return results;
}

/** `coverage gate statuses: 41.7% is below 50% (missing: …)` */
export function describeGate(result: GateResult, maxItems = 20): string {
  const head = `coverage gate ${result.gate}: ${result.percent.toFixed(1)}% ${result.passed ? "reaches" : "is below"} ${result.threshold}%`;
  if (result.passed || result.missing.length === 0) return head;
  const shown = result.missing.slice(0, maxItems).join("; ");
  const more = result.missing.length > maxItems ? ` and ${result.missing.length - maxItems} more` : "";
  return `${head} (missing: ${shown}${more})`;
}
