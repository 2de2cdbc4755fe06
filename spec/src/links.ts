// The links of a response (OpenAPI `links`): which operation an answer feeds and how its parameters are
// filled, by runtime expressions (`$response.body#/tasks/0`, `$request.path.project_id`). Our one
// extension: `x-lists`, the expression of an id the linked list operation lists (its items' `id`).
import { isObject, type Json } from "./json.js";
import { resolveRef } from "./resolve.js";

export interface Link {
  /** The link's name in the response (`GetTask`). */
  name: string;
  /** The operation it feeds. */
  operationId: string;
  /** Parameter name → runtime expression (or a constant). */
  parameters: Record<string, unknown>;
  /** The `x-lists` expression: the id this answer hands out that the linked list lists, if any. */
  lists: string | undefined;
  description: string | undefined;
}

/** A link of an operation, with the documented status whose answer carries it. */
export interface OperationLink extends Link {
  status: string;
}

/** The links of a response object as written (each may be a `$ref`), resolved. */
export function linksOf(doc: Json, raw: unknown): Link[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([name, node]) => {
    const link = resolveRef(doc, node);
    if (typeof link.operationId !== "string") {
      throw new Error(`link ${name} names no operationId (operationRef is not supported)`);
    }
    return {
      name,
      operationId: link.operationId,
      parameters: isObject(link.parameters) ? { ...link.parameters } : {},
      lists: typeof link["x-lists"] === "string" ? link["x-lists"] : undefined,
      description: typeof link.description === "string" ? link.description : undefined,
    };
  });
}

/** What a runtime expression can read: the request's path and query parameters and the answer's body. */
export interface LinkSource {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The value a JSON pointer (`/tasks/0`) points at, or undefined. */
export function pointAt(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  let here = value;
  for (const raw of pointer.replace(/^\//, "").split("/")) {
    const part = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(here)) here = here[Number(part)];
    else if (isObject(here)) here = here[part];
    else return undefined;
  }
  return here;
}

/**
 * Evaluates one runtime expression of a link (`$response.body#/tasks/0`, `$request.path.project_id`,
 * `$request.query.limit`) against an exchange; a value that is not an expression is a constant. Undefined
 * when the exchange has no such value.
 */
export function evaluateExpression(expression: unknown, source: LinkSource): unknown {
  if (typeof expression !== "string" || !expression.startsWith("$")) return expression;
  if (expression === "$response.body") return source.body;
  if (expression.startsWith("$response.body#")) {
    return pointAt(source.body, expression.slice("$response.body#".length));
  }
  for (const where of ["path", "query"] as const) {
    const prefix = `$request.${where}.`;
    if (expression.startsWith(prefix) && expression.length > prefix.length) {
      return source[where]?.[expression.slice(prefix.length)];
    }
  }
  throw new Error(`unsupported runtime expression ${expression}`);
}

/**
 * Every value an array-valued expression reaches: `$response.body#/tasks/0` stands for each item of
 * `tasks` (the link names the first; every other one is followed the same way). Other expressions give
 * their one value. Undefined and null values are left out.
 */
export function evaluateEach(expression: unknown, source: LinkSource): unknown[] {
  if (typeof expression === "string") {
    const each = /^\$response\.body#(.*)\/0(\/.*)?$/.exec(expression);
    if (each) {
      const [, listPointer = "", itemPointer = ""] = each;
      const list = pointAt(source.body, listPointer);
      if (Array.isArray(list)) {
        return list.map((item) => pointAt(item, itemPointer)).filter((v) => v !== undefined && v !== null);
      }
      return [];
    }
  }
  const value = evaluateExpression(expression, source);
  return value === undefined || value === null ? [] : [value];
}
