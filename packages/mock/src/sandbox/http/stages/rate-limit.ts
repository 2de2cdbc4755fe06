import type { Call, PipelineParts, StageResult } from "./call.js";

/** Rate limit: a call beyond the limit of its key and operation is answered 429 here, before anything runs. */
export function limitRate<App>(call: Call<App>, parts: PipelineParts<App>): StageResult {
  return parts.options.rateLimit?.({ operation: call.op, app: call.app, key: call.key });
}
