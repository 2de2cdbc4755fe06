import { describe, expect, it } from "vitest";
import { TenantClock } from "./clock.js";

describe("TenantClock", () => {
  const setup = () => {
    let base = 1_000;
    const clock = new TenantClock(() => base);
    return { clock, tick: (ms: number) => (base += ms) };
  };

  it("follows the base clock in real mode, shifted by advances", () => {
    const { clock, tick } = setup();
    tick(10);
    expect(clock.now()).toBe(1_010);
    clock.advance(500);
    tick(5);
    expect(clock.now()).toBe(1_515);
  });

  it("stands still in manual mode and moves only on advance", () => {
    const { clock, tick } = setup();
    clock.setMode("manual");
    tick(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
  });

  it("runs on from the manual time when switched back to real, without a jump", () => {
    const { clock, tick } = setup();
    clock.setMode("manual");
    clock.advance(60_000);
    tick(7);
    clock.setMode("real");
    expect(clock.now()).toBe(61_000);
    tick(3);
    expect(clock.now()).toBe(61_003);
    clock.setMode("real");
    expect(clock.now()).toBe(61_003);
  });
});
