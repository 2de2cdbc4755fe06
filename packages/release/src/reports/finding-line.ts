import type { GateFinding } from "../gate-report.js";

/** `spec/components/schemas/Task.yaml:28`, or the pointer when the source is not known. */
export const whereOf = (f: GateFinding) => (f.source ? `${f.source.file}:${f.source.line}` : f.after);

/** Which teams' recordings call the finding's operation, or that none does. */
export const touchOf = (f: GateFinding) =>
  f.touches.length === 0
    ? "no recording touches it"
    : `recordings touch it: ${f.touches.map((t) => `${t.team} (${t.exchanges})`).join(", ")}`;

/** Findings in the order a reader wants them: errors, warnings, then the rest. */
export function byLevel(findings: GateFinding[]): GateFinding[] {
  const rank = { error: 0, warning: 1, info: 2 };
  return [...findings].sort((a, b) => rank[a.level] - rank[b.level]);
}
