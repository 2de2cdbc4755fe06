import type { RateLimit } from "@cloud-contract/spec/model";
import { itemAt } from "../../lists.js";
import { getOrAdd } from "../indexes/get-or-add.js";

/**
 * One tenant's rate limiting: whether it is on, and per API key and limit scope the times (on the tenant's
 * clock) of the calls counted in the last window. Only the switch is kept with the tenant's state; the
 * counted calls live in this process.
 */
export class KeyWindows {
  private on: boolean;
  /** `<scope> <key>` → the times of the counted calls, oldest first (at most the limit's `requests`). */
  private readonly calls = new Map<string, number[]>();

  constructor(private readonly byDefault: boolean) {
    this.on = byDefault;
  }

  get enabled(): boolean {
    return this.on;
  }

  /** Switches enforcement; a switch (either way) forgets the calls counted so far. */
  set(enabled: boolean): void {
    if (enabled === this.on) return;
    this.on = enabled;
    this.calls.clear();
  }

  /** Back to the sandbox's default, nothing counted. */
  reset(): void {
    this.on = this.byDefault;
    this.calls.clear();
  }

  /**
   * Counts a call of `key` under `limit` at `now` (ms): undefined when it is within the limit, else the ms
   * until the oldest counted call leaves the window (the refused call is not counted).
   */
  take(key: string, limit: RateLimit, now: number): number | undefined {
    if (!this.on) return undefined;
    const windowMs = limit.windowSeconds * 1000;
    const times = getOrAdd(this.calls, `${limit.scope} ${key}`, () => []);
    while (times.length > 0 && itemAt(times, 0) <= now - windowMs) times.shift();
    const oldest = times[0];
    if (oldest !== undefined && times.length >= limit.requests) return oldest + windowMs - now;
    times.push(now);
    return undefined;
  }
}
