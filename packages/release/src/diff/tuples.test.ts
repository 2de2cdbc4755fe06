import { createSchemaValidator } from "@cloud-contract/spec/validator";
import { describe, expect, it } from "vitest";
import { bodyOf as bodyAt, bodyOperationSpec } from "../test-support/body-operation.js";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import type { Json } from "./types.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** A pair (name, count) as a tuple; `rest` is what follows its two positions. */
const pair = (rest: Json) => ({
  type: "array",
  prefixItems: [{ type: "string", maxLength: 8 }, { type: "integer" }],
  ...rest,
});

const spec = (request: Json, response: Json): Json => bodyOperationSpec("/pairs", request, response);

const bodyOf = (doc: Json, side: "request" | "response") => bodyAt(doc, "/pairs", side);

/** The findings of one side's change, the other side left as it was. */
function judge(side: "request" | "response", before: Json, after: Json) {
  const other = { type: "string" };
  const [oldDoc, newDoc] =
    side === "request"
      ? [spec(before, other), spec(after, other)]
      : [spec(other, before), spec(other, after)];
  return { oldDoc, newDoc, findings: compareSpecs(oldDoc, newDoc, { policy }) };
}

const CASES: Array<[string, "request" | "response", Json, Json, string, string]> = [
  ["a tuple closed (items: false)", "request", {}, { items: false }, "request-limit-narrowed", "error"],
  ["a tuple closed (items: false)", "response", {}, { items: false }, "response-limit-narrowed", "info"],
  ["a tuple opened (items: false dropped)", "request", { items: false }, {}, "request-limit-widened", "info"],
  [
    "a tuple opened (items: false dropped)",
    "response",
    { items: false },
    {},
    "response-limit-widened",
    "error",
  ],
  [
    "a closed tuple given further items of a type",
    "response",
    { items: false },
    { items: { type: "boolean" } },
    "response-limit-widened",
    "error",
  ],
  [
    "items after the tuple narrowed",
    "request",
    { items: { type: "string" } },
    { items: { type: "string", maxLength: 3 } },
    "request-limit-narrowed",
    "error",
  ],
  [
    "items after the tuple widened",
    "response",
    { items: { type: "string", maxLength: 3 } },
    { items: { type: "string" } },
    "response-limit-widened",
    "error",
  ],
  ["a tuple given a maxItems", "request", {}, { maxItems: 2 }, "request-limit-narrowed", "error"],
  [
    "a tuple's minItems raised",
    "request",
    { minItems: 1 },
    { minItems: 2 },
    "request-limit-narrowed",
    "error",
  ],
  [
    "a tuple closed (unevaluatedItems: false)",
    "request",
    {},
    { unevaluatedItems: false },
    "request-limit-narrowed",
    "error",
  ],
];

describe("tuples (prefixItems and what follows them)", () => {
  it.each(CASES)("%s in a %s", (_, side, before, after, rule, level) => {
    const { oldDoc, newDoc, findings } = judge(side, pair(before), pair(after));
    const loud = findings.filter((f) => f.level !== "info");
    const show = JSON.stringify(findings, null, 1);
    if (level === "info") expect(loud, show).toEqual([]);
    const hit = findings.find((f) => f.rule === rule);
    expect(hit, show).toBeDefined();
    expect(hit?.level).toBe(level);
    if (level !== "error") return;
    // The witness: a whole body the accepting contract takes and the refusing one does not, by the validator.
    const witness = hit?.witness;
    expect(witness, show).toBeDefined();
    const valid = (doc: Json) => createSchemaValidator(doc).compile(bodyOf(doc, side))(witness?.value).valid;
    const [accepting, refusing] = side === "request" ? [oldDoc, newDoc] : [newDoc, oldDoc];
    expect(valid(accepting)).toBe(true);
    expect(valid(refusing)).toBe(false);
  });

  it("puts a narrowed item after the tuple's positions, which keep values of their own schemas", () => {
    const { findings } = judge(
      "request",
      pair({ items: { type: "string" } }),
      pair({ items: { type: "string", maxLength: 3 } }),
    );
    const value = findings.find((f) => f.rule === "request-limit-narrowed")?.witness?.value;
    expect(Array.isArray(value) && value.length).toBe(3);
    expect(Array.isArray(value) && typeof value[1]).toBe("number");
  });
});
