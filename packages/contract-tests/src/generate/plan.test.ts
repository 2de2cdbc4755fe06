// The plans and arbitraries of the schema shapes the spec uses: a `$ref`'d anyOf inside an anyOf branch,
// an at-least-one anyOf under allOf, exclusive bounds. Every goal draws values the schema accepts, and
// every broken constraint draws some values it refuses.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJudge } from "../judge.js";
import type { Schema } from "../request-model.js";
import { ArbitraryBuilder } from "./arbitrary.js";
import { describeSteps, type Plan, plansOf } from "./plan.js";

const judge = createJudge();
const builder = new ArbitraryBuilder(judge.doc);
const SAMPLES = 30;

const label = ({ steps, goal }: Plan) =>
  `${describeSteps(steps)} ${goal.kind === "break" ? `breaks ${goal.constraint.kind}` : goal.kind}${
    goal.kind === "branch" ? ` ${goal.index + 1}` : goal.kind === "optional" ? ` ${goal.name}` : ""
  }`;

const cases: Array<[string, Schema, string[]]> = [
  [
    "a $ref'd anyOf of formats and patterns inside an anyOf branch",
    {
      type: "object",
      properties: {
        prefix: { anyOf: [{ $ref: "#/components/schemas/IpAddressOrNetwork" }, { type: "null" }] },
      },
    },
    [
      "prefix branch 1",
      "prefix branch 2",
      "prefix/oneOf#1 branch 1",
      "prefix/oneOf#1 branch 2",
      "prefix/oneOf#1 branch 3",
      "prefix/oneOf#1 branch 4",
      "prefix/oneOf#1/oneOf#3 breaks pattern",
    ],
  ],
  [
    "an at-least-one anyOf under allOf",
    {
      type: "object",
      properties: { names: { type: "array", items: { type: "string" } }, templates: { type: "array" } },
      allOf: [{ anyOf: [{ required: ["names"] }, { required: ["templates"] }] }],
    },
    [
      "(root) branch 1",
      "(root) branch 2",
      "oneOf#1 optional templates",
      "oneOf#1 breaks required",
      "oneOf#2 breaks required",
    ],
  ],
  [
    "exclusive bounds",
    {
      type: "object",
      required: ["limit", "ratio"],
      properties: {
        limit: { type: "integer", exclusiveMinimum: 0, maximum: 1000 },
        ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
      },
    },
    [
      "limit breaks exclusiveMinimum",
      "limit breaks maximum",
      "ratio breaks exclusiveMinimum",
      "ratio breaks exclusiveMaximum",
    ],
  ],
];

describe("plans and arbitraries", () => {
  it.each(cases)(
    "%s: every goal draws only valid values, every break some invalid ones",
    (_, schema, expected) => {
      const plans = plansOf(judge.doc, schema);
      expect(plans.map(label)).toEqual(expect.arrayContaining(expected));
      plans.forEach((plan, n) => {
        const values = fc.sample(builder.build(schema, plan), { seed: n + 1, numRuns: SAMPLES });
        const accepted = values.map((value) => judge.schemaErrors(schema, value).length === 0);
        if (plan.goal.kind !== "break") {
          const refused = values.filter((_, i) => !accepted[i]);
          expect(refused, `${label(plan)} drew values the schema refuses`).toEqual([]);
        } else {
          // Under anyOf a value that breaks one branch may still match another: the engine filters those
          // out, so some drawn values must break the schema, not all.
          expect(accepted, `${label(plan)} drew no value the schema refuses`).toContain(false);
        }
      });
    },
  );
});
