import { describe, expect, it } from "vitest";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import { valueAt } from "./pointer.js";
import type { RuleId } from "./rules.js";
import type { Finding, Json } from "./types.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** The schema every placement carries: one of each thing the comparer follows. */
function target(): Json {
  return {
    type: "object",
    required: ["id"],
    properties: {
      id: { type: "string" },
      name: { type: "string", maxLength: 64, description: "display name" },
      note: { type: "string" },
      count: { type: "number", not: { const: 13 } },
      kind: { enum: ["a", "b"] },
      legacy: { type: "string", deprecated: true, "x-sunset": "2026-03-01" },
      old: { type: "string", deprecated: true, "x-sunset": "2026-12-01" },
      tags: { type: "object", propertyNames: { maxLength: 20 }, additionalProperties: { type: "string" } },
      choice: {
        oneOf: [
          { title: "Text", type: "string" },
          { title: "Number", type: "integer" },
        ],
      },
    },
  };
}

const OTHER = { type: "object", required: ["code"], properties: { code: { type: "integer" } } };
const BASE = { type: "object", properties: { base: { type: "string" } } };

/** Where the target sits in a media type's schema; `ref` puts it in components under `name`. */
const PLACEMENTS: Record<string, (name: string, components: Json) => Json> = {
  inline: () => "T",
  "behind a $ref": (name, components) => {
    components[name] = "T";
    return { $ref: `#/components/schemas/${name}` };
  },
  "next to a $ref": () => ({ $ref: "#/components/schemas/Base", "...": "T" }),
  "inside a oneOf variant": () => ({ oneOf: ["T", { $ref: "#/components/schemas/Other" }] }),
  "inside an anyOf variant": () => ({ anyOf: [{ $ref: "#/components/schemas/Other" }, "T"] }),
  "inside an allOf part": () => ({ allOf: [{ $ref: "#/components/schemas/Base" }, "T"] }),
  "at depth": () => ({
    type: "object",
    properties: { page: { type: "object", properties: { items: { type: "array", items: "T" } } } },
  }),
};

/** Replaces the placeholder "T" (or a `"...": "T"` spread) by the target schema. */
function fill(node: Json, t: Json): Json {
  if (node === "T") return t;
  if (Array.isArray(node)) return node.map((n) => fill(n, t));
  if (node && typeof node === "object") {
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "..." && v === "T") Object.assign(out, t);
      else out[k] = fill(v, t);
    }
    return out;
  }
  return node;
}

function specWith(placement: string, request: Json, response: Json): Json {
  const components: Json = { Base: BASE, Other: OTHER };
  const place = PLACEMENTS[placement];
  if (!place) throw new Error(placement);
  const requestSchema = place("RequestTarget", components);
  const responseSchema = place("ResponseTarget", components);
  if (components.RequestTarget) components.RequestTarget = request;
  if (components.ResponseTarget) components.ResponseTarget = response;
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: {
            required: true,
            content: { "application/json": { schema: fill(requestSchema, request) } },
          },
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: fill(responseSchema, response) } },
            },
          },
        },
      },
    },
    components: { schemas: components },
  };
}

interface SchemaCase {
  name: string;
  side: "request" | "response";
  /** A change made to the target in both specs first. */
  setup?: (t: Json) => void;
  mutate: (t: Json) => void;
  /** The rule that must be found; null when nothing at warning or error level may be. */
  expect: RuleId | null;
}

const p = (t: Json) => t.properties;

/** Twins: each breaking (or warning) case next to the harmless one of the same class. */
const SCHEMA_CASES: SchemaCase[] = [
  {
    name: "optional field becomes required",
    side: "request",
    expect: "request-property-became-required",
    mutate: (t) => t.required.push("name"),
  },
  {
    name: "required field becomes optional",
    side: "request",
    expect: "request-property-became-optional",
    mutate: (t) => (t.required = []),
  },
  {
    name: "new required field",
    side: "request",
    expect: "request-property-added-required",
    mutate: (t) => {
      p(t).x = { type: "string" };
      t.required.push("x");
    },
  },
  {
    name: "new optional field",
    side: "request",
    expect: "request-property-added-optional",
    mutate: (t) => (p(t).x = { type: "string" }),
  },
  {
    name: "optional field removed (a warning, not an error)",
    side: "request",
    expect: "request-property-removed",
    mutate: (t) => delete p(t).note,
  },
  {
    name: "optional field removed where extra fields are refused",
    side: "request",
    expect: "request-property-removed-refused",
    setup: (t) => (t.additionalProperties = false),
    mutate: (t) => delete p(t).note,
  },
  {
    name: "field type changed",
    side: "request",
    expect: "request-type-narrowed",
    mutate: (t) => (p(t).name.type = "integer"),
  },
  {
    name: "field now accepts null",
    side: "request",
    expect: "request-type-widened",
    mutate: (t) => (p(t).note.type = ["string", "null"]),
  },
  {
    name: "maxLength lowered",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).name.maxLength = 32),
  },
  {
    name: "maxLength raised",
    side: "request",
    expect: "request-limit-widened",
    mutate: (t) => (p(t).name.maxLength = 128),
  },
  {
    name: "map keys' maxLength lowered",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 10),
  },
  {
    name: "map keys' maxLength raised",
    side: "request",
    expect: "request-limit-widened",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 40),
  },
  {
    name: "map values' type changed",
    side: "request",
    expect: "request-type-narrowed",
    mutate: (t) => (p(t).tags.additionalProperties.type = "integer"),
  },
  {
    name: "extra fields refused",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (t.additionalProperties = false),
  },
  {
    name: "unevaluated fields refused",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (t.unevaluatedProperties = false),
  },
  {
    name: "pattern added",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).name.pattern = "^[a-z]+$"),
  },
  {
    name: "deprecated field removed after its sunset",
    side: "request",
    expect: "request-property-removed-after-sunset",
    mutate: (t) => delete p(t).legacy,
  },
  {
    name: "deprecated field removed before its sunset",
    side: "request",
    expect: "request-property-removed-before-sunset",
    mutate: (t) => delete p(t).old,
  },
  {
    name: "deprecated field removed after its sunset",
    side: "response",
    expect: "response-property-removed-after-sunset",
    mutate: (t) => delete p(t).legacy,
  },
  {
    name: "deprecated field removed before its sunset",
    side: "response",
    expect: "response-property-removed-before-sunset",
    mutate: (t) => delete p(t).old,
  },
  {
    name: "union gets a discriminator",
    side: "request",
    expect: "request-discriminator-changed",
    mutate: (t) => (p(t).choice.discriminator = { propertyName: "kind" }),
  },
  {
    name: "union gets a discriminator",
    side: "response",
    expect: "response-discriminator-changed",
    mutate: (t) => (p(t).choice.discriminator = { propertyName: "kind" }),
  },
  {
    name: "description changed",
    side: "request",
    expect: null,
    mutate: (t) => (p(t).name.description = "shown name"),
  },
  {
    name: "enum value removed",
    side: "request",
    expect: "request-enum-value-removed",
    mutate: (t) => p(t).kind.enum.pop(),
  },
  {
    name: "enum value added",
    side: "request",
    expect: "request-enum-value-added",
    mutate: (t) => p(t).kind.enum.push("c"),
  },
  {
    name: "union variant removed",
    side: "request",
    expect: "request-variant-removed",
    mutate: (t) => p(t).choice.oneOf.pop(),
  },
  {
    name: "union variant added",
    side: "request",
    expect: "request-variant-added",
    mutate: (t) => p(t).choice.oneOf.push({ type: "boolean" }),
  },
  {
    name: "union variants reordered",
    side: "request",
    expect: null,
    mutate: (t) => p(t).choice.oneOf.reverse(),
  },
  {
    name: "union variant's title renamed",
    side: "request",
    expect: null,
    mutate: (t) => (p(t).choice.oneOf[0].title = "Words"),
  },
  {
    name: "union variant's limit lowered",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).choice.oneOf[0].maxLength = 5),
  },
  {
    name: "union variant's two bounds removed",
    side: "request",
    expect: "request-limit-widened",
    setup: (t) => Object.assign(p(t).choice.oneOf[1], { minimum: -10, maximum: 10 }),
    mutate: (t) => {
      delete p(t).choice.oneOf[1].minimum;
      delete p(t).choice.oneOf[1].maximum;
    },
  },
  {
    name: "union variant's two bounds added",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => Object.assign(p(t).choice.oneOf[1], { minimum: -10, maximum: 10 }),
  },
  {
    name: "a oneOf constraint added beside the fields",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (t.oneOf = [{ required: ["name"] }, { required: ["note"] }]),
  },
  {
    name: "a oneOf constraint added beside the fields",
    side: "response",
    expect: "response-limit-narrowed",
    mutate: (t) => (t.oneOf = [{ required: ["name"] }, { required: ["note"] }]),
  },
  {
    name: "required field becomes optional",
    side: "response",
    expect: "response-property-became-optional",
    mutate: (t) => (t.required = []),
  },
  {
    name: "optional field becomes required",
    side: "response",
    expect: "response-property-became-required",
    mutate: (t) => t.required.push("name"),
  },
  {
    name: "required field removed",
    side: "response",
    expect: "response-required-property-removed",
    mutate: (t) => {
      delete p(t).id;
      t.required = [];
    },
  },
  {
    name: "optional field removed",
    side: "response",
    expect: "response-optional-property-removed",
    mutate: (t) => delete p(t).note,
  },
  {
    name: "field added",
    side: "response",
    expect: "response-property-added",
    mutate: (t) => (p(t).x = { type: "string" }),
  },
  {
    name: "field type widened (number → string | number)",
    side: "response",
    expect: "response-type-widened",
    mutate: (t) => (p(t).count.type = ["string", "number"]),
  },
  {
    name: "field type narrowed (number → integer)",
    side: "response",
    expect: "response-type-narrowed",
    mutate: (t) => (p(t).count.type = "integer"),
  },
  {
    name: "field may now be null",
    side: "response",
    expect: "response-became-nullable",
    mutate: (t) => (p(t).note.type = ["string", "null"]),
  },
  {
    name: "union variant added",
    side: "response",
    expect: "response-variant-added",
    mutate: (t) => p(t).choice.oneOf.push({ type: "boolean" }),
  },
  {
    name: "union variant removed",
    side: "response",
    expect: "response-variant-removed",
    mutate: (t) => p(t).choice.oneOf.pop(),
  },
  {
    name: "union variants reordered",
    side: "response",
    expect: null,
    mutate: (t) => p(t).choice.oneOf.reverse(),
  },
  {
    name: "union variant's title renamed",
    side: "response",
    expect: null,
    mutate: (t) => (p(t).choice.oneOf[1].title = "Count"),
  },
  {
    name: "enum value added",
    side: "response",
    expect: "response-enum-value-added",
    mutate: (t) => p(t).kind.enum.push("c"),
  },
  {
    name: "enum value removed",
    side: "response",
    expect: "response-enum-value-removed",
    mutate: (t) => p(t).kind.enum.pop(),
  },
  {
    name: "maxLength raised",
    side: "response",
    expect: "response-limit-widened",
    mutate: (t) => (p(t).name.maxLength = 128),
  },
  {
    name: "maxLength lowered",
    side: "response",
    expect: "response-limit-narrowed",
    mutate: (t) => (p(t).name.maxLength = 32),
  },
  {
    name: "map keys' maxLength raised",
    side: "response",
    expect: "response-limit-widened",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 40),
  },
  {
    name: "map keys' maxLength lowered",
    side: "response",
    expect: "response-limit-narrowed",
    mutate: (t) => (p(t).tags.propertyNames.maxLength = 10),
  },
  {
    name: "a not rewritten so that no constructed value tells the two apart",
    side: "request",
    expect: "request-constraint-changed",
    mutate: (t) => (p(t).count.not = { enum: [13] }),
  },
  {
    name: "a value refused by a new not",
    side: "request",
    expect: "request-limit-narrowed",
    mutate: (t) => (p(t).note.not = { const: "none" }),
  },
  {
    name: "a field becomes readOnly",
    side: "request",
    expect: "request-property-read-only",
    mutate: (t) => (p(t).note.readOnly = true),
  },
  {
    name: "a value dropped from a not",
    side: "response",
    expect: "response-constraint-changed",
    setup: (t) => (p(t).note.not = { enum: ["none", "n/a"] }),
    mutate: (t) => (p(t).note.not = { const: "none" }),
  },
  {
    name: "a field becomes writeOnly",
    side: "response",
    expect: "response-property-write-only",
    mutate: (t) => (p(t).note.writeOnly = true),
  },
];

const LOUD = new Set(["error", "warning"]);

function expectOutcome(findings: Finding[], expected: RuleId | null, oldDoc: Json, newDoc: Json) {
  const loud = findings.filter((f) => LOUD.has(f.level));
  const show = JSON.stringify(findings, null, 1);
  if (expected === null) {
    expect(loud, show).toEqual([]);
    return;
  }
  const hit = findings.find((f) => f.rule === expected);
  expect(hit, show).toBeDefined();
  // Nothing louder than what the change is: no false alarm next to the true finding.
  expect(
    loud.filter((f) => f.rule !== expected),
    show,
  ).toEqual([]);
  expect(valueAt(oldDoc, hit?.before ?? "/missing"), `before ${hit?.before}`).toBeDefined();
  expect(valueAt(newDoc, hit?.after ?? "/missing"), `after ${hit?.after}`).toBeDefined();
}

describe("compareSpecs on schemas, by placement", () => {
  const table = Object.keys(PLACEMENTS).flatMap((placement) =>
    SCHEMA_CASES.map((c) => ({ ...c, placement, label: `${c.side}: ${c.name}` })),
  );
  it.each(table)("$placement — $label → $expect", ({ placement, side, setup, mutate, expect: rule }) => {
    const prepared = () => {
      const t = target();
      setup?.(t);
      return t;
    };
    const oldDoc = specWith(placement, prepared(), prepared());
    const changed = prepared();
    mutate(changed);
    const newDoc = specWith(
      placement,
      side === "request" ? changed : prepared(),
      side === "response" ? changed : prepared(),
    );
    expectOutcome(compareSpecs(oldDoc, newDoc, { policy }), rule, oldDoc, newDoc);
  });

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
