import { describe, expect, it } from "vitest";
import {
  byPlacement,
  checkSchemaCase,
  PLACEMENTS,
  p,
  type SchemaCase,
  specWith,
  target,
} from "../test-support/schema-cases.js";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** Changes no rule may report at warning or error level (the rules' own cases are in rules/<family>.test.ts). */
const QUIET_CASES: SchemaCase[] = [
  {
    name: "description changed",
    side: "request",
    expect: null,
    mutate: (t) => (p(t).name.description = "shown name"),
  },
];

describe("compareSpecs on schemas, by placement", () => {
  it.each(byPlacement(QUIET_CASES))("$placement — $label → $expect", checkSchemaCase);

  it("finds nothing between a spec and itself, in every placement", () => {
    for (const placement of Object.keys(PLACEMENTS)) {
      expect(
        compareSpecs(specWith(placement, target(), target()), specWith(placement, target(), target()), {
          policy,
        }),
      ).toEqual([]);
    }
  });
});
