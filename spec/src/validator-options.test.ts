import { describe, expect, it } from "vitest";
import { createSchemaValidator } from "./validator.js";

/** A valid schema that Ajv's strict mode refuses: a pattern of patternProperties matches a declared property. */
const shadowed = {
  type: "object",
  properties: { name: { type: "string" } },
  patternProperties: { "^name$": { maxLength: 3 } },
};

describe("createSchemaValidator's strict option", () => {
  it("refuses by default what strict mode refuses", () => {
    expect(() => createSchemaValidator({}).compile(shadowed)).toThrow(/allowMatchingProperties/);
  });

  it("compiles it with strict: false, and judges by every keyword", () => {
    const check = createSchemaValidator({}, { strict: false }).compile(shadowed);
    expect(check({ name: "abc" }).valid).toBe(true);
    expect(check({ name: "abcd" }).valid).toBe(false);
  });
});
