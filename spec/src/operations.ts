// The operations of a document: the one place that walks `paths` and knows the HTTP methods.
import { isObject, type Json } from "./json.js";
import { type Link, linksOf, type OperationLink } from "./links.js";
import { resolveRef } from "./resolve.js";

/** The methods an OpenAPI 3.1 path item may hold, in the order the spec lists them. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** Each method as a request line spells it. */
const UPPER_CASE = {
  get: "GET",
  put: "PUT",
  post: "POST",
  delete: "DELETE",
  options: "OPTIONS",
  head: "HEAD",
  patch: "PATCH",
  trace: "TRACE",
} as const satisfies { [M in HttpMethod]: Uppercase<M> };

/** The methods that never change state. */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Where a parameter of OpenAPI 3.1 stands in a request. */
const PARAMETER_LOCATIONS = ["path", "query", "header", "cookie"] as const satisfies Parameter["in"][];
const isParameterLocation = (value: unknown): value is Parameter["in"] =>
  PARAMETER_LOCATIONS.some((location) => location === value);

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  /** Always true for path parameters. */
  required: boolean;
  /** The parameter's schema as written (it may be a `$ref`); `{}` when it has none. */
  schema: Json;
  style: string | undefined;
  explode: boolean | undefined;
  /**
   * The parameter's `x-tenant-scope`: the kind of resource it names (`projects`, `resellers`) that an API key
   * may be bound to; a key bound to others may not call with it. Undefined for other parameters.
   */
  tenantScope: string | undefined;
  /**
   * The parameter's `x-sandbox-fixture`: the name of the sandbox's seeded fixture (a key of `SANDBOX_FIXTURES`
   * of `@cloud-contract/mock`) that names an existing resource for it. Undefined for other parameters.
   */
  fixture: string | undefined;
  /** The resolved parameter object. */
  object: Json;
}

export interface MediaTypeObject {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface RequestBody {
  required: boolean;
  /** Media types (as written) → media type objects. */
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description?: string;
  /** Media types (as written) → media type objects; empty when the response has no body. */
  content: Record<string, MediaTypeObject>;
  /** The operations this answer feeds (OpenAPI `links`), resolved; empty when it has none. */
  links: Link[];
  /** The service may send this answer with no body although `content` documents one (`x-body-optional`). */
  bodyOptional: boolean;
}

export interface Operation {
  /** The operationId; `METHOD /path` for an operation without one. */
  operationId: string;
  /** Upper case: `GET`, `POST`, … */
  method: Uppercase<HttpMethod>;
  /** The path template: `/cloud/v1/tasks/{task_id}`. */
  path: string;
  /** The first tag, undefined when the operation has none. */
  tag: string | undefined;
  /**
   * `<tag>/<topic>` (`cloud/registry`), the operation's `x-area`: it names the sandbox handler file, the
   * contract-test file and the docs group. Undefined for an operation without one.
   */
  area: string | undefined;
  /**
   * The service the operation belongs to, its tag in lower case (`cloud`, `billing`, `cdn`, `iam`,
   * `streaming`): its error bodies are that service's shapes. Undefined for an operation without a tag.
   */
  service: string | undefined;
  /**
   * The rate one API key may call the operation at: its own `x-rate-limit`, else its tag's (the service's),
   * counted over every operation that shares it. Undefined when neither states one.
   */
  rateLimit: RateLimit | undefined;
  /**
   * Whether a successful call changes state: every method but GET, HEAD and OPTIONS, unless the operation
   * says `x-read-only: true` (a quota check or a price preview is a POST that changes nothing).
   */
  writes: boolean;
  /** Path-item and operation parameters merged (the operation's win by `in` + `name`), resolved. */
  parameters: Parameter[];
  requestBody: RequestBody | undefined;
  /** Status keys as written (`200`, `4XX`, `default`) → resolved responses. */
  responses: Record<string, ResponseObject>;
  /** The documented status keys, in the spec's order. */
  statuses: string[];
  /** The links of every response, in the order of the statuses. */
  links: OperationLink[];
  /** Set when the operation is `deprecated: true`: since when, what replaces it and when it may go. */
  deprecation: OperationDeprecation | undefined;
  /** The operation object as written in the document. */
  object: Json;
}

/** An `x-rate-limit`: `requests` calls per `window_seconds`, per API key. */
export interface RateLimit {
  requests: number;
  windowSeconds: number;
  /** Whether the service itself publishes the figure (false: the figure is the sandbox's). */
  published: boolean;
  /** What shares the count: `operation:<operationId>` or `tag:<name>`. */
  scope: string;
}

/** A deprecated operation's `x-deprecated-since`, `x-successor` and `x-sunset` (each undefined when absent). */
export interface OperationDeprecation {
  /** `YYYY-MM-DD`: the day the operation was deprecated. */
  since: string | undefined;
  /** The operationId of the operation that replaces it. */
  successor: string | undefined;
  /** `YYYY-MM-DD`: the first day it may be removed. */
  sunset: string | undefined;
}

/** Every operation of `doc`, in the order of `paths` and, within a path, of HTTP_METHODS. */
export function indexOperations(doc: Json): Operation[] {
  const out: Operation[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const object = item[method];
      if (isObject(object)) out.push(operationOf(doc, path, method, item, object));
    }
  }
  return out;
}

function operationOf(doc: Json, path: string, method: HttpMethod, item: Json, object: Json): Operation {
  const upper = UPPER_CASE[method];
  const responses: Record<string, ResponseObject> = {};
  for (const [status, raw] of Object.entries(isObject(object.responses) ? object.responses : {})) {
    const response = resolveRef(doc, raw);
    responses[status] = {
      ...response,
      content: contentOf(doc, response.content),
      links: linksOf(doc, response.links),
      bodyOptional: response["x-body-optional"] === true,
    };
  }
  const operationId = typeof object.operationId === "string" ? object.operationId : `${upper} ${path}`;
  const tag = Array.isArray(object.tags) && typeof object.tags[0] === "string" ? object.tags[0] : undefined;
  return {
    operationId,
    method: upper,
    path,
    tag,
    area: typeof object["x-area"] === "string" ? object["x-area"] : undefined,
    service: tag?.toLowerCase(),
    rateLimit:
      rateLimitOf(object["x-rate-limit"], `operation:${operationId}`) ??
      (tag === undefined ? undefined : rateLimitOf(tagObject(doc, tag)?.["x-rate-limit"], `tag:${tag}`)),
    writes: !SAFE_METHODS.has(upper) && object["x-read-only"] !== true,
    parameters: mergeParameters(doc, item.parameters, object.parameters),
    requestBody: requestBodyOf(doc, object.requestBody),
    responses,
    statuses: Object.keys(responses),
    links: Object.entries(responses).flatMap(([status, r]) => r.links.map((link) => ({ ...link, status }))),
    deprecation: deprecationOf(object),
    object,
  };
}

/** The root `tags` entry named `name`. */
function tagObject(doc: Json, name: string): Json | undefined {
  const tags = Array.isArray(doc.tags) ? doc.tags : [];
  return tags.find((tag): tag is Json => isObject(tag) && tag.name === name);
}

/** An `x-rate-limit` object, when it states a positive whole number of requests and of seconds. */
function rateLimitOf(raw: unknown, scope: string): RateLimit | undefined {
  if (!isObject(raw)) return undefined;
  const { requests, window_seconds: windowSeconds } = raw;
  const positive = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;
  if (!positive(requests) || !positive(windowSeconds)) return undefined;
  return { requests, windowSeconds, published: raw.published === true, scope };
}

function deprecationOf(object: Json): OperationDeprecation | undefined {
  if (object.deprecated !== true) return undefined;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    since: text(object["x-deprecated-since"]),
    successor: text(object["x-successor"]),
    sunset: text(object["x-sunset"]),
  };
}

function mergeParameters(doc: Json, pathLevel: unknown, operationLevel: unknown): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = resolveRef(doc, raw);
      const where = p.in;
      if (!isParameterLocation(where)) {
        throw new Error(
          `parameter ${String(p.name)} stands in no place OpenAPI knows ("in": ${JSON.stringify(where)})`,
        );
      }
      byKey.set(`${where} ${String(p.name)}`, {
        name: String(p.name),
        in: where,
        required: where === "path" || p.required === true,
        schema: isObject(p.schema) ? p.schema : {},
        style: typeof p.style === "string" ? p.style : undefined,
        explode: typeof p.explode === "boolean" ? p.explode : undefined,
        tenantScope: typeof p["x-tenant-scope"] === "string" ? p["x-tenant-scope"] : undefined,
        fixture: typeof p["x-sandbox-fixture"] === "string" ? p["x-sandbox-fixture"] : undefined,
        object: p,
      });
    }
  }
  return [...byKey.values()];
}

function requestBodyOf(doc: Json, raw: unknown): RequestBody | undefined {
  if (raw === undefined) return undefined;
  const body = resolveRef(doc, raw);
  return { required: body.required === true, content: contentOf(doc, body.content) };
}

function contentOf(doc: Json, raw: unknown): Record<string, MediaTypeObject> {
  const out: Record<string, MediaTypeObject> = {};
  for (const [type, media] of Object.entries(isObject(raw) ? raw : {})) {
    out[type] = resolveRef<MediaTypeObject>(doc, media);
  }
  return out;
}
