import { describe, expect, it } from "vitest";
import { CreationLimit } from "./creation-limit.js";

describe("CreationLimit", () => {
  it("allows a burst per address, then one per interval, and says how long to wait", () => {
    const limit = new CreationLimit({ burst: 3, everyMs: 1_000 });
    expect([0, 1, 2].map(() => limit.take("a", 0))).toEqual([0, 0, 0]);
    expect(limit.take("a", 0)).toBe(1_000);
    expect(limit.take("b", 0)).toBe(0);
    expect(limit.take("a", 400)).toBe(600);
    expect(limit.take("a", 1_000)).toBe(0);
    expect(limit.take("a", 1_000)).toBe(1_000);
  });
});
