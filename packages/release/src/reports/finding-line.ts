import { formatWitness } from "../diff/witness-format.js";
import type { GateFinding, GateReport, Refusal } from "../gate-report.js";

/** `spec/components/schemas/Task.yaml:28`, or the pointer when the source is not known. */
export const whereOf = (f: GateFinding) => (f.source ? `${f.source.file}:${f.source.line}` : f.after);

const SHOWN = 2;

/** Which teams' recordings call the finding's operation (their first exchanges named), or that none does. */
export function touchOf(f: GateFinding): string {
  if (f.touches.length === 0) return "no recording touches it";
  const team = (t: GateFinding["touches"][number]) => {
    const more = t.exchanges > SHOWN ? `, … ${t.exchanges - SHOWN} more` : "";
    return `${t.team} (${t.exchanges}: ${t.labels.slice(0, SHOWN).join(", ")}${more})`;
  };
  return `recordings touch it: ${f.touches.map(team).join("; ")}`;
}

/** Findings in the order a reader wants them: errors, warnings, then the rest. */
export function byLevel(findings: GateFinding[]): GateFinding[] {
  const rank = { error: 0, warning: 1, info: 2 };
  return [...findings].sort((a, b) => rank[a.level] - rank[b.level]);
}

/**
 * A finding's witness (the example that proves it) in at most `max` characters, its value in a quarter of
 * them; undefined when it has none.
 */
export const witnessOf = (f: GateFinding, max = 240): string | undefined =>
  f.witness && formatWitness(f.witness, Math.min(60, Math.floor(max / 4)), max);

/** The findings of this branch and those already pending at its base (all in `pending` without a base). */
export function byOrigin(findings: GateFinding[]): { branch: GateFinding[]; pending: GateFinding[] } {
  return {
    branch: findings.filter((f) => f.origin === "branch"),
    pending: findings.filter((f) => f.origin !== "branch"),
  };
}

/** Refused exchanges grouped by team, operation and reasons: one entry per distinct refusal, with a count. */
export function refusalGroups(refusals: Refusal[]): Array<Refusal & { more: number }> {
  const groups = new Map<string, Refusal & { more: number }>();
  for (const r of refusals) {
    const key = `${r.team}\u0000${r.operation}\u0000${r.reasons.join("\u0000")}`;
    const group = groups.get(key);
    if (group) group.more++;
    else groups.set(key, { ...r, more: 0 });
  }
  return [...groups.values()];
}

/** One line on what the branch was judged against. */
export function baseLine(report: GateReport): string {
  const base = report.base;
  if ("notice" in base) return `judged against the released spec only: ${base.notice}`;
  const changesets = base.changesets.length === 0 ? "no changeset" : `${base.changesets.length} changeset(s)`;
  return `this branch: the changes since its merge-base with ${base.ref} (${base.commit.slice(0, 12)}), ${changesets} of its own`;
}

/** The findings a changeset of this branch describes: its own changes when the base is known, else all. */
export const changedByBranch = (report: GateReport) =>
  "commit" in report.base ? report.findings.filter((f) => f.origin === "branch") : report.findings;

/** The breaking changes among findings: unwaived errors, one per change however many operations share it. */
export function breakingChanges(findings: GateFinding[]): number {
  const changes = new Set(
    findings.filter((f) => f.level === "error" && !f.waiver).map((f) => `${f.rule} ${f.before} ${f.after}`),
  );
  return changes.size;
}

/** The verdict in a line: `FAILED: 2 breaking changes in this branch`, `PASSED: no breaking change in this branch`. */
export function verdictLine(report: GateReport): string {
  const n = breakingChanges(changedByBranch(report));
  const scope = "commit" in report.base ? "in this branch" : "since the release";
  const count = n === 0 ? "no breaking change" : `${n} breaking change${n === 1 ? "" : "s"}`;
  return `${report.ok ? "PASSED" : "FAILED"}: ${count} ${scope}`;
}

/** The command that records the missing changeset and the bumps to choose in it, or undefined when none is missing. */
export function changesetLine(report: GateReport): string | undefined {
  if (report.missingBumps.length === 0) return undefined;
  const bumps = report.missingBumps.map((m) => `${m.name}: ${m.bump}`).join(", ");
  return `a changeset is missing: run pnpm changeset and choose ${bumps}`;
}
