import { openDocument } from "@cloud-contract/spec/document";
import { describe, expect, it } from "vitest";
import { parameterCoercer } from "./coerce.js";

const { resolve } = openDocument({
  openapi: "3.1.0",
  components: { schemas: { Rule: { type: "string", enum: ["a", "b"] } } },
});

describe("parameterCoercer", () => {
  it.each([
    [{ type: "integer" }, {}, ["42"], 42],
    [{ type: "integer" }, {}, ["-3"], -3],
    [{ type: "integer" }, {}, ["1.5"], 1.5],
    [{ type: "integer" }, {}, ["abc"], "abc"],
    [{ type: "number" }, {}, ["1.5"], 1.5],
    [{ type: "boolean" }, {}, ["true"], true],
    [{ type: "boolean" }, {}, ["yes"], "yes"],
    [{ type: "string" }, {}, ["12"], "12"],
    [{ type: ["integer", "null"] }, {}, ["null"], null],
    [{ type: "array", items: { type: "integer" } }, {}, ["1", "2"], [1, 2]],
    [{ type: "array", items: { type: ["integer", "null"] } }, {}, ["1"], [1]],
    [{ type: "array", items: { $ref: "#/components/schemas/Rule" } }, {}, ["a", "x"], ["a", "x"]],
    [{ type: "array", items: { type: "string" } }, { explode: false }, ["a,b", "c"], ["a", "b", "c"]],
    [{ type: "array", items: { type: "string" } }, { explode: true }, ["a,b"], ["a,b"]],
    [
      { type: "array", items: { type: "string" } },
      { style: "pipeDelimited", explode: false },
      ["a|b"],
      ["a", "b"],
    ],
  ])("%o %o %o → %o", (schema, options, raw, expected) => {
    expect(parameterCoercer(resolve, schema, options)(raw)).toEqual(expected);
  });
});
