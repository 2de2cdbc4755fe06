// Schema cases of the rule modules' tests: a target schema with one of each thing the comparer follows, set
// in a request and a response in every placement, and how a case's outcome is checked.
import { expect } from "vitest";
import { compareSpecs } from "../diff/compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "../diff/deprecation.js";
import type { Finding } from "../diff/finding.js";
import { valueAt } from "../diff/pointer.js";
import type { RuleId } from "../diff/rules.js";
import type { Json } from "../diff/types.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

/** The schema every placement carries: one of each thing the comparer follows. */
export function target(): Json {
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
export const PLACEMENTS: Record<string, (name: string, components: Json) => Json> = {
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

export function specWith(placement: string, request: Json, response: Json): Json {
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

export interface SchemaCase {
  name: string;
  side: "request" | "response";
  /** A change made to the target in both specs first. */
  setup?: (t: Json) => void;
  mutate: (t: Json) => void;
  /** The rule that must be found; null when nothing at warning or error level may be. */
  expect: RuleId | null;
}

export const p = (t: Json) => t.properties;

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

/** Every case in every placement. */
export const byPlacement = (cases: SchemaCase[]) =>
  Object.keys(PLACEMENTS).flatMap((placement) =>
    cases.map((c) => ({ ...c, placement, label: `${c.side}: ${c.name}` })),
  );

/** Compares the two specs of a case in a placement and checks that the rule it names is found, alone. */
export function checkSchemaCase({
  placement,
  side,
  setup,
  mutate,
  expect: rule,
}: SchemaCase & { placement: string }) {
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
}
