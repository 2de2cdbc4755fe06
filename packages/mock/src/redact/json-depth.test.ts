import { expect, it } from "vitest";
import { jsonDepthAtMost } from "./json-depth.js";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

it("counts nesting, not brackets: many siblings or brackets inside strings stay shallow", () => {
  expect(jsonDepthAtMost(nested(3), 3)).toBe(true);
  expect(jsonDepthAtMost(nested(4), 3)).toBe(false);
  expect(jsonDepthAtMost(`[${Array(100).fill("{}").join(",")}]`, 2)).toBe(true);
  expect(jsonDepthAtMost(JSON.stringify({ text: "[[[[{{{{".repeat(20) }), 1)).toBe(true);
  expect(jsonDepthAtMost(JSON.stringify({ a: ['\\"[[[', { b: [1] }] }), 4)).toBe(true);
  expect(jsonDepthAtMost(JSON.stringify({ a: ['\\"[[[', { b: [[1]] }] }), 4)).toBe(false);
  expect(jsonDepthAtMost(nested(5_000), 64)).toBe(false);
});
