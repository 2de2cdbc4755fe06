import { describe, expect, it } from "vitest";
import { Random } from "./random.js";

describe("Random", () => {
  it("repeats for a seed and differs between seeds", () => {
    const a = new Random(7);
    const b = new Random(7);
    const c = new Random("other");
    const seq = (r: Random) => Array.from({ length: 5 }, () => r.uuid());
    const first = seq(a);
    expect(seq(b)).toEqual(first);
    expect(seq(c)).not.toEqual(first);
  });

  it("continues from a saved state", () => {
    const a = new Random(3);
    a.hex(10);
    const b = new Random(0, a.state);
    expect(b.uuid()).toBe(a.uuid());
  });

  it("makes version-4-shaped UUIDs and ranged integers", () => {
    const r = new Random(1);
    for (let i = 0; i < 100; i++) {
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
  });
});
