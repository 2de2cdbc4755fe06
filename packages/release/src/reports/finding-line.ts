import type { GateFinding } from "../gate-report.js";

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
