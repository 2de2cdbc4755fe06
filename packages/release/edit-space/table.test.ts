import { describe, expect, it } from "vitest";
import { DEFAULT_DEPRECATION_POLICY } from "../src/diff/deprecation.js";
import { SPEC_LANGUAGE } from "./spec-language.js";
import { DOCUMENT_ROWS, KEYWORD_ROWS, REQUIRED_KEYWORDS } from "./table.js";
import { allTwins, placementsOf } from "./twins.js";
import { gateFindings, gateVerdict } from "./verdict.js";

const twins = allTwins();
const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

describe("the edit-space table", () => {
  it("has a row for every keyword of the list, and every row has both twins in each of its placements", () => {
    const rows = new Set([...KEYWORD_ROWS, ...DOCUMENT_ROWS].map((r) => r.keyword));
    expect(REQUIRED_KEYWORDS.filter((k) => !rows.has(k))).toEqual([]);
    for (const row of KEYWORD_ROWS) {
      for (const { wire, nesting } of placementsOf(row)) {
        const own = twins.filter((t) => t.keyword === row.keyword && t.placement === `${wire}, ${nesting}`);
        expect(own.map((t) => t.edit).sort(), `${row.keyword} ${wire} ${nesting}`).toEqual([
          "looser",
          "tighter",
        ]);
      }
    }
    for (const row of DOCUMENT_ROWS) {
      expect(twins.filter((t) => t.keyword === row.keyword).map((t) => t.expected)).toEqual([
        "breaking",
        "harmless",
      ]);
    }
  });

  it("names a row of the table for every entry of the spec language that claims one", () => {
    const rows = new Set([...KEYWORD_ROWS, ...DOCUMENT_ROWS].map((r) => r.keyword));
    expect(SPEC_LANGUAGE.filter((e) => e.row && !rows.has(e.row)).map((e) => e.keyword)).toEqual([]);
  });

  it.each(twins)(
    "$id → $expected, and no level lowered for lack of a witness",
    ({ before, after, expected }) => {
      const { verdict, errors } = gateVerdict(before, after);
      expect(verdict, JSON.stringify(errors, null, 1)).toBe(expected);
      for (const error of errors) expect(error.witness, error.message).toBeDefined();
      // Witnesses are evidence only: the same findings at the same levels without them.
      const levels = (witnesses: boolean) =>
        gateFindings(before, after, { policy, witnesses }).map((f) => `${f.rule} ${f.level} ${f.before}`);
      expect(levels(true)).toEqual(levels(false));
    },
  );
});
