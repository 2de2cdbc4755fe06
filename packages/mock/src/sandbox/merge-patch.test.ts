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
  ] as const)("%s", async (_name, patch, expected) => {
    const out = await applyTagsPatch(tags, patch as never);
    expect(out.map((t) => [t.key, t.value])).toEqual(expected);
    expect(out.find((t) => t.key === "ro")?.read_only).toBe(true);
  });

  it("does not change its input", async () => {
    const copy = structuredClone(tags);
    await applyTagsPatch(tags, { a: "changed", b: null });
    expect(tags).toEqual(copy);
  });

  it("gives the same result when the patch and the list are worked through in several turns", async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      key: `k${i}`,
      value: "old",
      read_only: i % 7 === 0,
    }));
    const patch: Record<string, string | null> = {};
    for (let i = 0; i < 9_000; i++) patch[`k${i}`] = i % 3 === 0 ? null : `new${i}`;
    const out = await applyTagsPatch(many, patch);
    const expected = [
      ...many.flatMap((t, i) => (t.read_only ? [t] : i % 3 === 0 ? [] : [{ ...t, value: `new${i}` }])),
      ...Array.from({ length: 4_000 }, (_, j) => j + 5_000)
        .filter((i) => i % 3 !== 0)
        .map((i) => ({ key: `k${i}`, value: `new${i}`, read_only: false })),
    ];
    expect(out).toEqual(expected);
  });
});
