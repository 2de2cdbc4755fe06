import type { FaultAnswer } from "../pipeline-options.js";
import { type Call, cutConnection, type PipelineParts, type StageResult } from "./call.js";

/**
 * Faults: the fault armed on the tenant that spoils this call, used up here. Its wait comes first (a client
 * that leaves ends it: nobody is left to answer, and a write frees its tenant's turn); then a reset cuts the
 * connection, a status answers, a latency fault lets the call go on, and a slow body is left for the answer
 * stage.
 */
export function injectFaults<App>(
  call: Call<App>,
  parts: PipelineParts<App>,
): StageResult | Promise<StageResult> {
  const fault = parts.options.faults?.({ operation: call.op, app: call.app });
  if (!fault) return undefined;
  call.fault = fault;
  if (fault.kind === "slow_body" || fault.delayMs <= 0) return spoil(fault);
  return delayWhileOpen(fault.delayMs, call.closed).then(() =>
    call.closed() ? cutConnection() : spoil(fault),
  );
}

function spoil(fault: FaultAnswer): StageResult {
  if (fault.kind === "reset") return cutConnection();
  if (fault.kind === "status") return fault.error;
  return undefined;
}

/** How often a fault's wait looks whether its client left (a request can be asked, it does not tell). */
const CLOSED_POLL_MS = 50;

/** Waits `ms`, or less when `closed()` turns true meanwhile. */
async function delayWhileOpen(ms: number, closed: () => boolean): Promise<void> {
  const end = performance.now() + ms;
  for (let left = ms; left > 0 && !closed(); left = end - performance.now()) {
    await new Promise((done) => setTimeout(done, Math.min(left, CLOSED_POLL_MS)));
  }
}
