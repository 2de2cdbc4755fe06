import { describe, expect, it } from "vitest";
import type { GateFinding, GateReport } from "../gate-report.js";
import { MARKDOWN_LIMIT, markdownReport } from "./markdown.js";

function finding(i: number, level: GateFinding["level"], origin: GateFinding["origin"]): GateFinding {
  const operation = `GET /things/${i}/{id}`;
  return {
    rule: level === "info" ? "response-property-added" : "response-required-property-removed",
    level,
    operation,
    operationId: `getThing${i}`,
    message: `field "field_${i}" removed`,
    before: `/components/schemas/Thing${i}/properties/field_${i}`,
    after: `/components/schemas/Thing${i}`,
    source: { file: `spec/components/schemas/Thing${i}.yaml`, line: 12 },
    fingerprint: `rule ${operation} /components/schemas/Thing${i}/properties/field_${i}`,
    touches: [{ team: "web", exchanges: 3, labels: [`consumers/web/web.har#${i} GET /things/${i}/x → 200`] }],
    origin,
    ...(i % 2 === 0
      ? {
          witness: {
            kind: "exchange",
            at: operation,
            because: `a released answer carries field_${i}: ${"x".repeat(400)}`,
          },
        }
      : {}),
  } as GateFinding;
}

/** A report far too long for one comment: 3,000 findings of this branch and 3,000 pending ones. */
function hugeReport(): GateReport {
  const findings: GateFinding[] = [];
  for (let i = 0; i < 1000; i++)
    for (const level of ["error", "warning", "info"] as const)
      findings.push(finding(i, level, "branch"), finding(i + 5000, level, "pending"));
  return {
    ok: false,
    findings,
    refusals: Array.from({ length: 500 }, (_, i) => ({
      team: `team-${i % 7}`,
      blocking: true,
      operation: `getThing${i} (GET /things/${i}/{id})`,
      exchange: `consumers/team/t.har#${i} GET /things/${i}/x → 200`,
      reasons: [`response: /field_${i} field "field_${i}" is no longer in the candidate's schema`],
    })),
    replayed: { teams: ["web"], exchanges: 500, skipped: 0 },
    base: { ref: "main", commit: "0123456789abcdef0123", changesets: [] },
    waiverProblems: [],
    reasons: ["this branch: @cloud-contract/types: needs a major bump"],
    missingBumps: [],
  };
}

describe("the markdown report", () => {
  it("stays within the limit, leads with this branch, collapses the rest and counts what it leaves out", () => {
    const text = markdownReport(hugeReport());
    expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(MARKDOWN_LIMIT).toBeLessThan(65_536);
    expect(text.split("\n")[0]).toMatch(/^# Release gate: \*\*failed\*\*, 1000 breaking changes in this branch$/);
    expect(text.split("\n").slice(1, 3)).toEqual([
      "",
      "this branch: the changes since its merge-base with main (0123456789ab), no changeset of its own",
    ]);
    expect(text.indexOf("## This branch: 1000 error(s), 1000 warning(s), 1000 info")).toBeGreaterThan(0);
    expect(text).toMatch(/- … \d+ more findings of this branch not shown: `pnpm gate --format json` lists them all/);
    expect(text.match(/<details>/g)?.length).toBe(text.match(/<\/details>/g)?.length);
  });

  it("shows each branch finding's witness, shortened, and every row whole", () => {
    const report = hugeReport();
    report.findings = report.findings.slice(0, 6);
    report.refusals = report.refusals.slice(0, 2);
    const text = markdownReport(report);
    const row = text.split("\n").find((l) => l.startsWith("| error | `response-required-property-removed` | GET /things/0/{id}"));
    expect(row).toMatch(/\| `exchange GET \/things\/0\/\{id\} — a released answer carries field_0: x+…` \|$/);
    expect((row ?? "").length).toBeLessThan(600);
    expect(text).toContain("<details><summary>Pending before this branch: 1 error(s), 1 warning(s), 1 info</summary>");
  });
});
