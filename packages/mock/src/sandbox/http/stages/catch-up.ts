import type { Call, PipelineParts, StageResult } from "./call.js";
import { cutConnection } from "./call.js";

/**
 * Catch up: the application brought up to date (replicas) and, for a write, its turn under the tenant's lock
 * taken (given back once the call is done). A client that left meanwhile is dropped: nothing runs or is sent.
 */
export function catchUp<App>(call: Call<App>, parts: PipelineParts<App>): StageResult | Promise<StageResult> {
  const { catchUp } = parts.options;
  if (!catchUp) return dropIfGone(call);
  return catchUp(call.app, { writes: call.op.writes, closed: call.closed }).then((release) => {
    call.release = release;
    return dropIfGone(call);
  });
}

const dropIfGone = <App>(call: Call<App>): StageResult => (call.closed() ? cutConnection() : undefined);
