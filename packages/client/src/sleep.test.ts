import { describe, expect, it } from "vitest";
import { sleep } from "./sleep.js";

describe("sleep", () => {
  it("waits about the time asked", async () => {
    const started = performance.now();
    await sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("rejects with the signal's reason when it aborts, at once", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled")), 10);
    // A day's sleep: had the abort not ended it, the test's hang detector would.
    await expect(sleep(86_400_000, controller.signal)).rejects.toThrow("cancelled");
  });

  it("rejects right away with an aborted signal", async () => {
    await expect(sleep(10_000, AbortSignal.abort("no"))).rejects.toBe("no");
  });

  it("resolves normally when the signal never aborts", async () => {
    await expect(sleep(5, new AbortController().signal)).resolves.toBeUndefined();
  });
});
