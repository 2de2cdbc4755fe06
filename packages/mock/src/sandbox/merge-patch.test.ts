import type { Tag } from "@cloud-contract/types";
import { describe, expect, it } from "vitest";
import { applyTagsPatch } from "./merge-patch.js";

const tags: Tag[] = [
  { key: "ro", value: "1", read_only: true },
  { key: "a", value: "x", read_only: false },
  { key: "b", value: "y", read_only: false },
];

describe("applyTagsPatch (RFC 7386 on user tags)", () => {
  it.each([
    [
      "undefined changes nothing",
      undefined,
      [
        ["ro", "1"],
        ["a", "x"],
        ["b", "y"],
      ],
    ],
    [
      "{} changes nothing",
      {},
      [
        ["ro", "1"],
        ["a", "x"],
        ["b", "y"],
      ],
    ],
    [
      "a string updates in place",
      { a: "z" },
      [
        ["ro", "1"],
        ["a", "z"],
        ["b", "y"],
      ],
    ],
    [
      "a new key is appended",
      { c: "w" },
      [
        ["ro", "1"],
        ["a", "x"],
        ["b", "y"],
        ["c", "w"],
      ],
    ],
    [
      "null removes",
      { a: null },
      [
        ["ro", "1"],
        ["b", "y"],
      ],
    ],
    ["null patch removes every user tag", null, [["ro", "1"]]],
    [
      "read-only tags ignore null",
      { ro: null },
      [
        ["ro", "1"],
        ["a", "x"],
        ["b", "y"],
      ],
    ],
    [
      "read-only tags ignore a new value",
      { ro: "2" },
      [
        ["ro", "1"],
        ["a", "x"],
        ["b", "y"],
      ],
    ],
    [
      "mixed",
      { a: null, b: "q", d: "e" },
      [
        ["ro", "1"],
        ["b", "q"],
        ["d", "e"],
      ],
    ],
  ] as const)("%s", (_name, patch, expected) => {
    const out = applyTagsPatch(tags, patch as never);
    expect(out.map((t) => [t.key, t.value])).toEqual(expected);
    expect(out.find((t) => t.key === "ro")?.read_only).toBe(true);
  });

  it("does not change its input", () => {
    const copy = structuredClone(tags);
    applyTagsPatch(tags, { a: "changed", b: null });
    expect(tags).toEqual(copy);
  });
});
