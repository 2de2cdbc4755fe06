// The seeded chance of a fault: whether its n-th match is spoiled and how long that call waits, each decided
// from the fault's seed and n alone, so that the same fault spoils the same matches after a reset.
import { Random } from "../random.js";
import type { FaultRule } from "./fault.js";

/** The longest wait a fault makes, in ms (as `delay_ms` allows). */
export const MAX_WAIT_MS = 60_000;

/** The standard normal quantile of 0.99: a log-normal's p99 is its median times exp(Z99 * sigma). */
const Z99 = 2.3263478740408408;

/** The generator of the fault's `match`-th match (0 for the first). */
const drawsOf = (fault: Pick<FaultRule, "seed">, match: number) => new Random(`${fault.seed}:${match}`);

/** What a fault does to its `match`-th match: whether it spoils it and, if so, how long the call waits. */
export function decide(
  fault: FaultRule,
  match: number,
): { spoils: false } | { spoils: true; waitMs: number } {
  const draws = drawsOf(fault, match);
  if (draws.next() >= fault.probability) return { spoils: false };
  return { spoils: true, waitMs: fault.latency ? logNormalMs(fault.latency, draws) : fault.delay_ms };
}

/** A wait drawn from the log-normal distribution with median `p50_ms` and 99th percentile `p99_ms`. */
function logNormalMs(latency: { p50_ms: number; p99_ms: number }, draws: Random): number {
  const mu = Math.log(latency.p50_ms);
  const sigma = Math.log(latency.p99_ms / latency.p50_ms) / Z99;
  // Box–Muller: a standard normal from two uniforms in (0, 1].
  const u = 1 - draws.next();
  const v = draws.next();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.min(MAX_WAIT_MS, Math.round(Math.exp(mu + sigma * normal)));
}
