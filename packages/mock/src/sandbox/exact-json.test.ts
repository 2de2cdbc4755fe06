// Integers beyond ±(2^53 − 1) keep their digits from a JSON text to a value and back; every other value is
// what JSON.parse and JSON.stringify make of it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cloneJson, ExactInteger, numberView, parseJson, stringifyJson } from "./exact-json.js";

describe("exact JSON", () => {
  it.each([
    "9007199254740992",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "123456789012345678901234567890",
  ])("keeps %s as its digits, in arithmetic the nearest number", (digits) => {
    const parsed = parseJson(`{"a":[${digits}]}`) as { a: [ExactInteger] };
    expect(parsed.a[0]).toBeInstanceOf(ExactInteger);
    expect(parsed.a[0].digits).toBe(digits);
    expect(+parsed.a[0]).toBe(Number(digits));
    expect(stringifyJson(parsed)).toBe(`{"a":[${digits}]}`);
  });

  it.each(["9007199254740991", "-9007199254740991", "1e300", "12345678901234567.5", "0.1234567890123456789"])(
    "reads %s as JSON.parse does (a safe integer or not an integer literal)",
    (literal) => {
      expect(parseJson(`[${literal}]`)).toEqual(JSON.parse(`[${literal}]`));
    },
  );

  it("parses and writes any JSON as JSON.parse and JSON.stringify do, long digit runs in strings included", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.stringMatching(/^\d{16,24}$/), (value, digits) => {
        const text = JSON.stringify([value, digits]);
        const parsed = parseJson(text);
        expect(numberView(parsed)).toEqual(JSON.parse(text));
        expect(stringifyJson(parsed)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses what JSON.parse refuses, with a SyntaxError, on either path", () => {
    for (const text of ['{"a":92233720368547758070', '{"a":1,}', "[9223372036854775807]x", ""]) {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      expect(() => parseJson(text)).toThrow(SyntaxError);
    }
  });

  it("keeps __proto__ an own key and the last of duplicate keys, as JSON.parse does", () => {
    const text = '{"__proto__":{"x":1},"d":1,"d":9223372036854775807}';
    const parsed = parseJson(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["__proto__", "d"]);
    expect(stringifyJson(parsed)).toBe('{"__proto__":{"x":1},"d":9223372036854775807}');
  });

  it("shows schema checks numbers, copying only what holds an exact integer", () => {
    const plain = { x: [1, 2], y: { z: "a" } };
    const value = { plain, big: [new ExactInteger("9223372036854775807")] };
    const seen = numberView(value) as typeof value;
    expect(seen.big).toEqual([2 ** 63]);
    expect(seen.plain).toBe(plain);
    expect(numberView(plain)).toBe(plain);
  });

  it("copies JSON values deeply, sharing the exact integers", () => {
    const big = new ExactInteger("9223372036854775807");
    const value = { a: [{ b: big }], c: null };
    const copy = cloneJson(value);
    expect(copy).toEqual(value);
    expect(copy.a).not.toBe(value.a);
    expect(copy.a[0]?.b).toBe(big);
  });
});
