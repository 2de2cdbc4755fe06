import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES } from "./rules.js";

// The comparer's two case tables, read as text: each case names the rule it expects.
const tables = ["compare.test.ts", "compare-operations.test.ts"]
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");
const expected = new Set([...tables.matchAll(/expect: "([a-z-]+)"/g)].map((m) => m[1]));

describe("RULES", () => {
  it.each(Object.keys(RULES))("%s has a case in the comparer's tables", (rule) => {
    expect(expected.has(rule)).toBe(true);
  });

  it("has no case for a rule it does not define", () => {
    expect([...expected].filter((rule) => rule !== undefined && !(rule in RULES))).toEqual([]);
  });
});
