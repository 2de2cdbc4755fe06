/** How many tenants one client address may create: a burst, then one more every `everyMs` (a token bucket per address). */
export interface CreationRate {
  burst: number;
  everyMs: number;
}

/** The default creation rate: 200 at once, then ten a second, per client address (see the mock README). */
export const DEFAULT_CREATION_RATE: CreationRate = { burst: 200, everyMs: 100 };

/**
 * Counts tenant creations per client address. `take` answers 0 when one more is allowed now (and counts it),
 * else the milliseconds until it is. Buckets left full are forgotten, so the map stays small.
 */
export class CreationLimit {
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

  constructor(private readonly rate: CreationRate) {}

  take(address: string, nowMs: number): number {
    const { burst, everyMs } = this.rate;
    const bucket = this.buckets.get(address) ?? { tokens: burst, atMs: nowMs };
    const tokens = Math.min(burst, bucket.tokens + (nowMs - bucket.atMs) / everyMs);
    if (tokens < 1) {
      this.buckets.set(address, { tokens, atMs: nowMs });
      return Math.ceil((1 - tokens) * everyMs);
    }
    this.buckets.set(address, { tokens: tokens - 1, atMs: nowMs });
    if (this.buckets.size > 10_000) this.forgetFull(nowMs);
    return 0;
  }

  private forgetFull(nowMs: number): void {
    for (const [address, bucket] of this.buckets) {
      if (bucket.tokens + (nowMs - bucket.atMs) / this.rate.everyMs >= this.rate.burst)
        this.buckets.delete(address);
    }
  }
}
