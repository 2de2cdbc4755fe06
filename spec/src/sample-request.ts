// One valid request of an operation, built from the spec: the one builder every package sends (the contract
// suite, Try it, the docs' curl samples, the sandbox's tests). A parameter takes the sandbox fixture its
// `x-sandbox-fixture` names when the caller's fixtures hold it, else its example; the body is the first
// example of the JSON request body.
import { isObject, type Json } from "./json.js";
import type { MediaTypeObject, Operation, Parameter } from "./operations.js";
import { resolveRef } from "./resolve.js";
import { isJsonMediaType } from "./status.js";

/** A query parameter's value; an array goes as repeated keys. */
export type QueryValue = string | number | boolean | (string | number)[];

export interface SampleRequest {
  operationId: string;
  method: Operation["method"];
  /** The path template with each path parameter's value, percent-encoded: `/cloud/v1/tasks/f1e2…`. */
  path: string;
  /** The path parameters' values by name (openapi-fetch's `params.path`). */
  pathParameters: Record<string, string | number>;
  /** The required query parameters' values by name. */
  query: Record<string, QueryValue>;
  /** The required header parameters' values, and `Content-Type` when the request has a body. */
  headers: Record<string, string>;
  /** A fresh copy of the body's example; undefined when the operation takes no body. */
  body: unknown;
  /** `path` with the query (arrays as the parameter's style says): `/cloud/v1/tasks/1/1/active?limit=10`. */
  target: string;
}

/** Fixture names (the sandbox's `SANDBOX_FIXTURES` keys, or a target's ids under those names) → values. */
export type Fixtures = Readonly<Record<string, unknown>>;

/** The first example of a node: its `example`, the first of its `examples` (a list or named examples). */
function firstExample(doc: Json, node: unknown): unknown {
  const object = resolveRef<unknown>(doc, node);
  if (!isObject(object)) return undefined;
  if ("example" in object) return object.example;
  const { examples } = object;
  if (Array.isArray(examples)) return examples[0];
  const first = isObject(examples) ? resolveRef<unknown>(doc, Object.values(examples)[0]) : undefined;
  return isObject(first) ? first.value : undefined;
}

/** A parameter's example: its own, else its schema's, else its schema's default. */
export function parameterExample(doc: Json, parameter: Parameter): unknown {
  const schema = resolveRef<unknown>(doc, parameter.schema);
  return (
    firstExample(doc, parameter.object) ??
    firstExample(doc, schema) ??
    (isObject(schema) ? schema.default : undefined)
  );
}

/** The value a sample request gives a parameter: its fixture's, when `fixtures` holds one, else its example. */
function parameterValue(doc: Json, parameter: Parameter, fixtures: Fixtures): unknown {
  const fixture = parameter.fixture === undefined ? undefined : fixtures[parameter.fixture];
  return typeof fixture === "string" || typeof fixture === "number"
    ? fixture
    : parameterExample(doc, parameter);
}

const queryValue = (value: unknown): QueryValue =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === "number" ? item : String(item)))
    : typeof value === "number" || typeof value === "boolean"
      ? value
      : String(value);

/** The JSON media type of a request body and its object, when it has one. */
function jsonBody(operation: Operation): [string, MediaTypeObject] | undefined {
  return Object.entries(operation.requestBody?.content ?? {}).find(([type]) => isJsonMediaType(type));
}

/** One valid request of `operation` (see the file's head); throws when a path parameter has no value. */
export function buildSampleRequest(doc: Json, operation: Operation, fixtures: Fixtures = {}): SampleRequest {
  const pathParameters: Record<string, string | number> = {};
  const query: Record<string, QueryValue> = {};
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (!parameter.required) continue;
    const value = parameterValue(doc, parameter, fixtures);
    if (value === undefined) {
      throw new Error(
        `${operation.operationId}: the required ${parameter.in} parameter ${parameter.name} has no example and no fixture`,
      );
    }
    if (parameter.in === "path")
      pathParameters[parameter.name] = typeof value === "number" ? value : String(value);
    if (parameter.in === "query") query[parameter.name] = queryValue(value);
    if (parameter.in === "header") headers[parameter.name] = String(value);
  }
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(pathParameters[name])),
  );
  // An array goes as repeated keys, or comma-joined where the parameter says `explode: false`.
  const search = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = parameter.in === "query" ? query[parameter.name] : undefined;
    if (!Array.isArray(value)) {
      if (value !== undefined) search.append(parameter.name, String(value));
    } else if (parameter.explode === false) search.append(parameter.name, value.join(","));
    else for (const item of value) search.append(parameter.name, String(item));
  }
  const json = jsonBody(operation);
  const example = json ? (firstExample(doc, json[1]) ?? firstExample(doc, json[1].schema)) : undefined;
  if (json && example !== undefined) headers["Content-Type"] = json[0];
  return {
    operationId: operation.operationId,
    method: operation.method,
    path,
    pathParameters,
    query,
    headers,
    body: example === undefined ? undefined : structuredClone(example),
    target: search.size > 0 ? `${path}?${search}` : path,
  };
}
