import { describe, expect, it } from "vitest";
import type { GateReport } from "../gate-report.js";
import { jsonReport } from "./json.js";
import { markdownReport } from "./markdown.js";
import { textReport } from "./text.js";

const long = "x".repeat(300);
const report: GateReport = {
  ok: false,
  findings: [
    {
      rule: "request-limit-narrowed",
      level: "error",
      operation: "POST /things",
      operationId: "makeThing",
      message: "maxLength 40 → 8",
      before: "/components/schemas/Thing/properties/name",
      after: "/components/schemas/Thing/properties/name",
      fingerprint: "request-limit-narrowed POST /things /components/schemas/Thing/properties/name",
      touches: [],
      origin: "branch",
      witness: {
        kind: "request",
        at: "request body application/json",
        value: { name: long },
        because: "the released contract accepts it, the candidate refuses it (/name must NOT have more than 8 characters)",
      },
    },
  ],
  refusals: [],
  replayed: { teams: [], exchanges: 0, skipped: 0 },
  base: { ref: "main", commit: "0123456789abcdef0123", changesets: [] },
  waiverProblems: [],
  reasons: ["types: needs a major bump"],
  missingBumps: [
    { name: "@cloud-contract/types", bump: "major" },
    { name: "@cloud-contract/client", bump: "major" },
  ],
};

describe("the text report's lines to act on", () => {
  it("says the verdict and this branch's count on line 1, and the changeset command with its bumps", () => {
    const lines = textReport(report).split("\n");
    expect(lines[0]).toBe("FAILED: 1 breaking change in this branch");
    expect(lines).toContain(
      "a changeset is missing: run pnpm changeset and choose @cloud-contract/types: major, @cloud-contract/client: major",
    );
    const passed = textReport({ ...report, ok: true, findings: [], missingBumps: [] }).split("\n");
    expect(passed[0]).toBe("PASSED: no breaking change in this branch");
    expect(passed.some((line) => line.includes("pnpm changeset"))).toBe(false);
  });
});

describe("the witness in each report", () => {
  it("text prints it under its finding, the value shortened", () => {
    const line = textReport(report)
      .split("\n")
      .find((l) => l.includes("witness:"));
    expect(line).toMatch(/^ {4}witness: request body application\/json \{"name":"x+…/);
    expect(line).toContain("the candidate refuses it (/name must NOT have more than 8 characters)");
    expect(line?.length).toBeLessThan(300);
  });

  it("JSON carries the whole value", () => {
    expect(JSON.parse(jsonReport(report)).findings[0].witness.value).toEqual({ name: long });
  });

  it("markdown puts it in the finding's row, shortened", () => {
    const row = markdownReport(report)
      .split("\n")
      .find((l) => l.startsWith("| error"));
    const witness = row?.match(/\| `(request body [^`]*)` \|$/)?.[1];
    expect(witness).toMatch(/^request body application\/json \{"name":"x+… — the released/);
    expect(witness?.length).toBeLessThanOrEqual(120);
    expect(row).not.toContain(long);
  });
});
