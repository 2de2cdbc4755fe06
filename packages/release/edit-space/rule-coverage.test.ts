import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { DEFAULT_DEPRECATION_POLICY } from "../src/diff/deprecation.js";
import { levelOf, RULE_IDS, type RuleId } from "../src/diff/rules.js";
import { OWN_EDITS } from "./own-edits.js";
import { allTwins } from "./twins.js";
import { gateFindings } from "./verdict.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };
const bundle = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../spec/dist/openapi.json", import.meta.url)), "utf8"),
);

const NEEDS_A_RELEASED_SUNSET =
  "needs a deprecated node with a sunset in the released spec, which one edit of it cannot make: its module's test holds it";
const NEEDS_A_CLOSED_REQUEST =
  "needs a request schema that refuses extra fields in the released spec: its module's test holds it";
const NOTHING_TELLS =
  "a rewrite that no constructed value tells apart is no single edit of the table: its module's test holds it";

const ANOTHER_EDIT_OF_THE_ROW =
  "its row's breaking edit is another of the same field (one per row): its module's test holds this one";

/** Error rules no edit of the edit space reaches, and why. */
const NOT_REACHED: Partial<Record<RuleId, string>> = {
  "operation-removed-before-sunset": NEEDS_A_RELEASED_SUNSET,
  "sunset-moved-earlier": NEEDS_A_RELEASED_SUNSET,
  "request-parameter-removed-before-sunset": NEEDS_A_RELEASED_SUNSET,
  "request-property-removed-before-sunset": NEEDS_A_RELEASED_SUNSET,
  "response-property-removed-before-sunset": NEEDS_A_RELEASED_SUNSET,
  "request-property-removed-refused": NEEDS_A_CLOSED_REQUEST,
  "request-constraint-changed": NOTHING_TELLS,
  "response-constraint-changed": NOTHING_TELLS,
  "response-encoding-changed": ANOTHER_EDIT_OF_THE_ROW,
  "webhook-removed": ANOTHER_EDIT_OF_THE_ROW,
};

it("reaches every error rule of the rule modules with a breaking edit, or says why not", () => {
  const reached = new Set<RuleId>();
  const judge = (before: object, after: object) => {
    for (const f of gateFindings(before, after, { policy, witnesses: false }))
      if (f.level === "error") reached.add(f.rule);
  };
  for (const twin of allTwins()) if (twin.expected === "breaking") judge(twin.before, twin.after);
  for (const edit of OWN_EDITS) {
    if (edit.expected !== "breaking") continue;
    const edited = structuredClone(bundle);
    edit.apply(edited);
    judge(bundle, edited);
  }
  const errors = RULE_IDS.filter((rule) => levelOf(rule) === "error");
  expect(errors.filter((rule) => !reached.has(rule) && !NOT_REACHED[rule])).toEqual([]);
  // A reason is kept only while it is true.
  expect(Object.keys(NOT_REACHED).filter((rule) => errors.some((e) => e === rule && reached.has(e)))).toEqual(
    [],
  );
});
