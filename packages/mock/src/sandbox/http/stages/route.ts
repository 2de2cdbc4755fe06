import { itemAt } from "../../../lists.js";
import type { CompiledOperation } from "../../openapi/operations.js";
import { ApiError } from "../api-error.js";
import type { EarlyAnswer, PipelineParts } from "./call.js";

/** The operation a request calls. */
export interface Routed {
  op: CompiledOperation;
  rawParams: Record<string, string>;
  /** A HEAD answered by the path's GET. */
  head: boolean;
}

/** A request answered at routing (OPTIONS, 404, 405); `shape` is the operation whose service shapes the error. */
export interface RoutedAway {
  early: EarlyAnswer;
  shape?: CompiledOperation;
}

/** Route: the operation of the method and path, HEAD by the path's GET; OPTIONS, 404 and 405 answered here. */
export function route<App>(
  parts: PipelineParts<App>,
  requestMethod: string,
  path: string,
  requestId: string,
): Routed | RoutedAway {
  const { model } = parts.options;
  const method = requestMethod.toUpperCase();
  let match = model.route(method, path);
  let head = false;
  if (!match.route && method === "HEAD" && match.allowed.includes("GET")) {
    match = model.route("GET", path);
    head = true;
  }
  const op = match.route && parts.compiled.get(match.route.operationId);
  if (op) return { op, rawParams: match.params, head };
  if (match.allowed.length === 0) return { early: new ApiError(404, `No operation at ${path}.`) };
  const allow = allowed(match.allowed);
  if (method === "OPTIONS") {
    return { early: { status: 204, headers: { Allow: allow, "X-Request-Id": requestId }, body: undefined } };
  }
  const shape = parts.compiled.get(model.route(itemAt(match.allowed, 0), path).route?.operationId ?? "");
  const early = new ApiError(405, `Method ${method} is not allowed on ${path}.`, {
    headers: { Allow: allow },
  });
  return shape ? { early, shape } : { early };
}

/** The `Allow` header of a path: its methods, HEAD where it has GET, and OPTIONS. */
function allowed(methods: string[]): string {
  const out = new Set(methods);
  if (out.has("GET")) out.add("HEAD");
  out.add("OPTIONS");
  return [...out].join(", ");
}
