import { describe, expect, it } from "vitest";
import { longerThan, utf8Length } from "./json-answer.js";

describe("longerThan", () => {
  it.each([
    ["ascii at the limit", "a".repeat(10), 10, false],
    ["ascii one beyond", "a".repeat(11), 10, true],
    ["three-byte characters at the limit", "€".repeat(4), 12, false],
    ["three-byte characters one beyond", "€".repeat(4), 11, true],
    ["a surrogate pair (4 bytes) at the limit", "😀", 4, false],
    ["a surrogate pair one beyond", "😀", 3, true],
  ])("%s", (_, text, max, over) => {
    expect(longerThan(text, max)).toBe(over);
    expect(utf8Length(text) > max).toBe(over);
  });
});
