// The behaviour of a server that breaks one field of one operation's 2xx answers (`count` of
// listPlanContents becomes a string) while `broken.on` is true: a failing target that can be fixed.
// For the rewriting proxy of the tests of saved cases and kept failures.
import type { RewritingProxyOptions } from "./rewriting-proxy.js";

export const BROKEN_OPERATION = "listPlanContents";

export function brokenField(): Omit<RewritingProxyOptions, "upstream"> & { broken: { on: boolean } } {
  const broken = { on: true };
  return {
    broken,
    rewrite(exchange, answer) {
      if (!broken.on || exchange.operationId !== BROKEN_OPERATION || answer.status >= 300) return undefined;
      return { ...answer, body: { ...(answer.body as object), count: "many" } };
    },
  };
}
