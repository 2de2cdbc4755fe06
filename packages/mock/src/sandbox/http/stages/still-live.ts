import { ApiError } from "../api-error.js";
import type { Call, PipelineParts, StageResult } from "./call.js";

/**
 * Still live: whether the pinned application is still served. Checked once, here, because this is the last
 * point before the call's effects show (its commit, its answer): an eviction at any moment before, while the
 * body arrived, the call waited its turn or a large call worked in turns, fails it with nothing committed.
 * A live tenant's refused call is answered here with the handler's refusal.
 */
export function stillLive<App>(call: Call<App>, parts: PipelineParts<App>): StageResult {
  if (!parts.options.isLive || parts.options.isLive(call.app)) return call.refusal;
  return new ApiError(
    401,
    "This key's tenant was evicted while the call was under way; create a new tenant with POST /__sandbox/tenants.",
    { exceptionClass: "TenantEvicted" },
  );
}
