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

describe("compareSpecs by operation", () => {
  /** A spec whose operations each answer with a field of their schema; Node and Leaf refer to each other. */
  const spec = (operations: Record<string, string>, leafName: { type: string }) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: Object.fromEntries(
      Object.entries(operations).map(([path, schema]) => [
        path,
        {
          get: {
            operationId: path.slice(1),
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { x: { $ref: `#/components/schemas/${schema}` } } },
                  },
                },
              },
            },
          },
        },
      ]),
    ),
    components: {
      schemas: {
        Node: { type: "object", properties: { leaf: { $ref: "#/components/schemas/Leaf" }, name: leafName } },
        Leaf: { type: "object", properties: { parent: { $ref: "#/components/schemas/Node" } } },
      },
    },
  });

  it("gives an operation the same findings whatever operations come before it (recursive schemas too)", () => {
    const compare = (operations: Record<string, string>) =>
      compareSpecs(spec(operations, { type: "string" }), spec(operations, { type: "integer" }), { policy });
    const alone = compare({ "/leaf": "Leaf" });
    expect(alone.map((f) => f.rule)).toContain("response-type-widened");
    const afterNode = compare({ "/node": "Node", "/leaf": "Leaf" }).filter(
      (f) => f.operation === "GET /leaf",
    );
    expect(afterNode).toEqual(alone);
  });
});
