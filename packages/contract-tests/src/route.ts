// Finds the operation a concrete request addresses: `GET /cloud/v1/tasks/abc` → getTask with
// task_id = "abc". Record, replay and coverage read traffic that carries no operationId.
import type { OperationInfo } from "./judge.js";

export interface RouteMatch {
  operation: OperationInfo;
  /** Path parameters, decoded. */
  params: Record<string, string>;
}

export type RouteMatcher = (method: string, pathname: string) => RouteMatch | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A matcher over the operations; literal segments win over parameters when two templates match. */
export function createRouteMatcher(operations: readonly OperationInfo[]): RouteMatcher {
  const routes = operations
    .map((operation) => {
      const names: string[] = [];
      const source = operation.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name === undefined) return escapeRegExp(part);
          names.push(name);
          return "([^/]+)";
        })
        .join("");
      return { operation, names, pattern: new RegExp(`^${source}/?$`) };
    })
    // Fewer parameters first: /a/fixed beats /a/{id}.
    .sort((a, b) => a.names.length - b.names.length);
  return (method, pathname) => {
    const upper = method.toUpperCase();
    for (const route of routes) {
      if (route.operation.method !== upper) continue;
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(found[i + 1] ?? "");
      });
      return { operation: route.operation, params };
    }
    return undefined;
  };
}
