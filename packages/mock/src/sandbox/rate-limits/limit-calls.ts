import type { DocumentModel, RateLimit } from "@cloud-contract/spec/model";
import { ApiError } from "../http/api-error.js";
import type { CompiledOperation } from "../openapi/operations.js";
import type { Store } from "../store.js";

/** The limits the served spec states (each operation's `rateLimit`), one per scope, in the order of the operations. */
export function statedLimits(served: DocumentModel): RateLimit[] {
  const byScope = new Map<string, RateLimit>();
  for (const { rateLimit } of served.operations) {
    if (rateLimit && !byScope.has(rateLimit.scope)) byScope.set(rateLimit.scope, rateLimit);
  }
  return [...byScope.values()];
}

/**
 * The pipeline's rate limit over the served spec: a call of a key beyond its operation's stated limit, while
 * the caller's tenant enforces limits, is a 429 with `Retry-After` in whole seconds (at least 1).
 */
export function rateLimiter(
  served: DocumentModel,
): (call: { operation: CompiledOperation; app: Store; key: string }) => ApiError | undefined {
  const limits = new Map(served.operations.map((op) => [op.operationId, op.rateLimit]));
  return ({ operation, app, key }) => {
    const limit = limits.get(operation.operationId);
    if (!limit || !app.rateLimits.enabled) return undefined;
    const waitMs = app.rateLimits.take(key, limit, app.now());
    if (waitMs === undefined) return undefined;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new ApiError(
      429,
      `Too many requests: a key may make ${limit.requests} calls of ${limit.scope} in ${limit.windowSeconds} s. Try again in ${seconds} s.`,
      { exceptionClass: "Throttled", headers: { "Retry-After": String(seconds) } },
    );
  };
}
