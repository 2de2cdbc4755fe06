import { createSchemaValidator } from "@cloud-contract/spec/validator";
import { describe, expect, it } from "vitest";
import { bodyOf as bodyAt, bodyOperationSpec } from "../test-support/body-operation.js";
import { compareSpecs } from "./compare.js";
import { DEFAULT_DEPRECATION_POLICY } from "./deprecation.js";
import type { Json } from "./types.js";
import { formatWitness } from "./witness-format.js";

const policy = { ...DEFAULT_DEPRECATION_POLICY, today: "2026-06-01" };

const spec = (request: Json, response: Json): Json =>
  bodyOperationSpec("/things", request, response, {
    schemas: { Code: { type: "string", pattern: "^[a-z]+$" } },
  });

const thing = (code: Json) => ({
  type: "object",
  required: ["name"],
  properties: { name: { type: "string" }, page: { type: "object", properties: { code } } },
});
const bodyOf = (doc: Json, side: "request" | "response") => bodyAt(doc, "/things", side);

describe("witnesses", () => {
  it("proves a narrowed request limit at depth with a body the released contract accepts and the candidate refuses", () => {
    const before = spec(thing({ type: "string", maxLength: 40 }), { type: "object" });
    const after = spec(thing({ type: "string", maxLength: 8 }), { type: "object" });
    const [finding] = compareSpecs(before, after, { policy }).filter((f) => f.level === "error");
    expect(finding?.rule).toBe("request-limit-narrowed");
    const witness = finding?.witness;
    expect(witness?.kind).toBe("request");
    const valid = (doc: Json) =>
      createSchemaValidator(doc).compile(bodyOf(doc, "request"))(witness?.value).valid;
    expect(valid(before)).toBe(true);
    expect(valid(after)).toBe(false);
    expect(formatWitness(witness ?? { kind: "request", at: "", because: "" }, 30)).toMatch(
      /^request body application\/json .{29}… — the released contract accepts it/,
    );
  });

  it("proves a response that may now be null with an answer the candidate allows and the released contract did not", () => {
    const before = spec({ type: "object" }, thing({ $ref: "#/components/schemas/Code" }));
    const after = spec(
      { type: "object" },
      thing({ anyOf: [{ $ref: "#/components/schemas/Code" }, { type: "null" }] }),
    );
    const errors = compareSpecs(before, after, { policy }).filter((f) => f.level === "error");
    expect(errors.map((f) => f.rule)).toEqual(["response-variant-added"]);
    const value = errors[0]?.witness?.value as Json;
    expect(value.page.code).toBeNull();
    expect(createSchemaValidator(after).compile(bodyOf(after, "response"))(value).valid).toBe(true);
    expect(createSchemaValidator(before).compile(bodyOf(before, "response"))(value).valid).toBe(false);
  });

  it.each([
    [
      "a map's keys",
      { propertyNames: { maxLength: 255 } },
      { propertyNames: { minLength: 1, maxLength: 255 } },
    ],
    [
      "a map's values",
      { additionalProperties: { type: "string" } },
      { additionalProperties: { type: "string", minLength: 1 } },
    ],
  ])(
    "proves a narrowed limit on %s with a member the released contract accepts and the candidate refuses",
    (_what, was, now) => {
      const map = (keywords: Json) => ({
        type: "object",
        properties: { tags: { type: "object", ...keywords } },
      });
      const before = spec(map(was), { type: "object" });
      const after = spec(map(now), { type: "object" });
      const errors = compareSpecs(before, after, { policy }).filter((f) => f.level === "error");
      expect(errors.map((f) => f.rule)).toEqual(["request-limit-narrowed"]);
      const value = errors[0]?.witness?.value;
      expect(value).toBeDefined();
      expect(createSchemaValidator(before).compile(bodyOf(before, "request"))(value).valid).toBe(true);
      expect(createSchemaValidator(after).compile(bodyOf(after, "request"))(value).valid).toBe(false);
    },
  );

  it("keeps an error an error when no constructed value tells the two apart: a witness never sets a level", () => {
    // maxLength 3 on top of a pattern that already allows at most three letters: no value shows a break, yet
    // a new limit on a request is an error by its rule, with or without a witness.
    const before = spec(thing({ type: "string", pattern: "^[a-z]{1,3}$" }), { type: "object" });
    const after = spec(thing({ type: "string", pattern: "^[a-z]{1,3}$", maxLength: 3 }), { type: "object" });
    const withWitnesses = compareSpecs(before, after, { policy });
    const narrowed = withWitnesses.find((f) => f.rule === "request-limit-narrowed");
    expect(narrowed?.level).toBe("error");
    expect(narrowed?.witness).toBeUndefined();
    const levels = (findings: typeof withWitnesses) => findings.map((f) => `${f.rule} ${f.level}`);
    expect(levels(withWitnesses)).toEqual(levels(compareSpecs(before, after, { policy, witnesses: false })));
  });

  it("builds its witnesses from the spec alone: the same findings on every run, generators built or not", () => {
    const before = spec(thing({ type: "string", format: "date-time" }), thing({ type: "string" }));
    const after = spec(thing({ type: "string", format: "date" }), thing({ type: "string", maxLength: 3 }));
    const first = compareSpecs(before, after, { policy });
    const witness = first.find((f) => f.rule === "request-limit-narrowed")?.witness?.value as Json;
    expect(witness.page.code).toBe("2024-01-02T03:04:05Z");
    expect(compareSpecs(structuredClone(before), structuredClone(after), { policy })).toEqual(first);
  });

  it("gives a removed operation the exchange that stops working, and compares without witnesses when asked", () => {
    const before = spec({ type: "object" }, { type: "object" });
    const after = { ...spec({ type: "object" }, { type: "object" }), paths: {} };
    const [removed] = compareSpecs(before, after, { policy });
    expect(removed?.witness).toEqual({
      kind: "exchange",
      at: "POST /things",
      because: "the released contract routes it; the candidate has no such operation",
    });
    expect(compareSpecs(before, after, { policy, witnesses: false })[0]?.witness).toBeUndefined();
  });
});
