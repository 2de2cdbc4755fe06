// The behaviour of a server that forgets each task created through it once getTask has shown it: the
// second getTask of such a task is a 404. For the rewriting proxy of the stateful tests.
import type { RewritingProxyOptions } from "./rewriting-proxy.js";

export function forgetfulServer(): Omit<RewritingProxyOptions, "upstream"> {
  const created = new Set<string>();
  const shown = new Set<string>();
  return {
    answer(exchange) {
      const id = exchange.params.task_id;
      if (exchange.operationId !== "getTask" || !id || !created.has(id)) return undefined;
      if (shown.has(id)) return { status: 404, body: { message: `Task ${id} not found` } };
      shown.add(id);
      return undefined;
    },
    rewrite(_exchange, answer) {
      for (const id of (answer.body as { tasks?: string[] })?.tasks ?? []) created.add(id);
      return undefined;
    },
  };
}
