// The seeded chance of a fault, drawn many times: spoiled matches near `probability`, waits log-normal with the
// asked median and 99th percentile, and the same seed deciding the same way every time.
import { describe, expect, it } from "vitest";
import { decide } from "./chance.js";
import type { FaultRule } from "./fault.js";

const fault = (rest: Partial<FaultRule>): FaultRule => ({
  id: "f",
  kind: "latency",
  times: 1000,
  delay_ms: 0,
  probability: 1,
  seed: 7,
  matched: 0,
  spoiled: 0,
  ...rest,
});

const DRAWS = 5000;
const decisions = (rule: FaultRule) => Array.from({ length: DRAWS }, (_, match) => decide(rule, match));
const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] as number;

describe("decide", () => {
  it("spoils about `probability` of the matches, the same ones for the same seed", () => {
    const rule = fault({ kind: "status", status: 503, probability: 0.1, seed: 42 });
    const spoiled = decisions(rule).filter((d) => d.spoils).length;
    expect(spoiled / DRAWS).toBeGreaterThan(0.08);
    expect(spoiled / DRAWS).toBeLessThan(0.12);
    expect(decisions(rule)).toEqual(decisions({ ...rule }));
    expect(decisions({ ...rule, seed: 43 })).not.toEqual(decisions(rule));
  });

  it("never spoils at probability 0 and always at 1", () => {
    expect(decisions(fault({ probability: 0 })).some((d) => d.spoils)).toBe(false);
    expect(decisions(fault({ probability: 1 })).every((d) => d.spoils)).toBe(true);
  });

  it("draws waits with the asked median and 99th percentile", () => {
    const waits = decisions(fault({ latency: { p50_ms: 120, p99_ms: 800 } }))
      .map((d) => (d.spoils ? d.waitMs : Number.NaN))
      .sort((a, b) => a - b);
    expect(quantile(waits, 0.5)).toBeGreaterThan(120 * 0.9);
    expect(quantile(waits, 0.5)).toBeLessThan(120 * 1.1);
    expect(quantile(waits, 0.99)).toBeGreaterThan(800 * 0.8);
    expect(quantile(waits, 0.99)).toBeLessThan(800 * 1.25);
  });

  it("waits `delay_ms` exactly without a distribution, and at most 60 s with one", () => {
    expect(decide(fault({ delay_ms: 250 }), 3)).toEqual({ spoils: true, waitMs: 250 });
    const wide = decisions(fault({ latency: { p50_ms: 30_000, p99_ms: 60_000 } }));
    expect(Math.max(...wide.map((d) => (d.spoils ? d.waitMs : 0)))).toBe(60_000);
  });
});
