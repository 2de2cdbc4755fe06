import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compareSpecs } from "../src/diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../src/diff/deprecation.js";
import { OWN_EDITS } from "./own-edits.js";

const bundle = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../spec/dist/openapi.json", import.meta.url)), "utf8"),
);
const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** The gate's verdict on one edit of the bundle: breaking when an error finding is left. */
function verdictOf(apply: (doc: object) => void) {
  const edited = structuredClone(bundle);
  apply(edited);
  const errors = compareSpecs(bundle, edited, { policy }).filter((f) => f.level === "error");
  return { breaking: errors.length > 0, errors };
}

describe("the developers' own single edits of the bundle", () => {
  const judged = OWN_EDITS.map((edit) => ({ ...edit, ...verdictOf(edit.apply) }));

  it.each(judged.filter((e) => e.expected !== "debatable"))(
    "$expected: $name",
    ({ expected, breaking, errors }) => {
      expect(breaking, JSON.stringify(errors, null, 1)).toBe(expected === "breaking");
      // Every error left carries its witness.
      for (const error of errors) expect(error.witness, error.message).toBeDefined();
    },
  );

  it("catches every breaking edit and flags at most 2% of the harmless ones", () => {
    const breaking = judged.filter((e) => e.expected === "breaking");
    const harmless = judged.filter((e) => e.expected === "harmless");
    const recall = breaking.filter((e) => e.breaking).length / breaking.length;
    const falseAlarms = harmless.filter((e) => e.breaking).length / harmless.length;
    expect({ recall, falseAlarmsAtMost2Percent: falseAlarms <= 0.02 }).toEqual({
      recall: 1,
      falseAlarmsAtMost2Percent: true,
    });
  });
});
