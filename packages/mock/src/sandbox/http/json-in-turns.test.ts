// Parsing and serialising in turns give exactly what JSON.parse and JSON.stringify give.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExactInteger, numberView, stringifyJson } from "../exact-json.js";
import { parseJsonInTurns, stringifyInTurns } from "./json-in-turns.js";

describe("JSON in turns", () => {
  it("parses what JSON.parse parses, to the same value (integers beyond 2^53 exact), whatever the slices", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const text = JSON.stringify(value, null, 1);
        const parsed = await parseJsonInTurns(text);
        expect(numberView(parsed)).toEqual(JSON.parse(text));
        expect(stringifyJson(parsed)).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the digits of an integer beyond 2^53 in a text longer than one slice", async () => {
    const big = { tags: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`t${i}`, "v"])) };
    const text = `${JSON.stringify(big).slice(0, -1)},"size":9223372036854775807,"n":[-90071992547409930]}`;
    const parsed = (await parseJsonInTurns(text)) as { size: unknown; n: unknown[] };
    expect(parsed.size).toEqual(new ExactInteger("9223372036854775807"));
    expect(parsed.n).toEqual([new ExactInteger("-90071992547409930")]);
    expect(await stringifyInTurns(parsed)).toBe(text);
  });

  it("parses a text longer than one slice: last duplicate key wins, __proto__ is an own key", async () => {
    const big = { tags: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`t${i}`, "v"])) };
    const text = `${JSON.stringify(big).slice(0, -1)},"tags":{"a":1,"a":2,"__proto__":{"x":1}}}`;
    const parsed = (await parseJsonInTurns(text)) as { tags: Record<string, unknown> };
    expect(parsed).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(parsed.tags)).toBe(Object.prototype);
    expect(Object.keys(parsed.tags)).toEqual(["a", "__proto__"]);
  });

  it.each([
    ['{"a":1} x', "trailing text"],
    ['{"a":1}{"b":2}', "a second value"],
    ['{"a":', "a cut text"],
    ['{"a":1,}', "a trailing comma"],
    ['{"a":01}', "a leading zero"],
  ])("refuses %s (%s) as JSON.parse does", async (text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    await expect(parseJsonInTurns(text)).rejects.toThrow(SyntaxError);
  });

  it("serialises to JSON.stringify's text, whatever the sizes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ withObjectString: true }), async (value) => {
        expect(await stringifyInTurns(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
    const large = {
      id: "g",
      undefinedSkipped: undefined,
      rules: Array.from({ length: 9_000 }, (_, i) => ({ i, at: new Date(i) })),
      tags: Object.fromEntries(Array.from({ length: 9_000 }, (_, i) => [`t${i}`, i % 2 ? null : "v"])),
      holes: [1, undefined, () => 1],
    };
    expect(await stringifyInTurns(large)).toBe(JSON.stringify(large));
  });
});
