import {
  type DocumentModel,
  isJsonMediaType,
  isObject,
  type Json,
  matchStatus,
  type Operation,
  type Parameter,
  type ValidationResult,
} from "@cloud-contract/spec/model";
import type { ScopeKind } from "../http/auth.js";
import { type DeprecationHeaders, deprecationHeadersOf } from "../http/deprecation-headers.js";
import type { FieldKeys } from "../http/validation-error.js";
import { type Coercer, parameterCoercer } from "./coerce.js";

export interface ParameterSpec {
  name: string;
  in: "path" | "query";
  required: boolean;
  coerce: Coercer;
  default: unknown;
}

/** What the sandbox needs to handle requests of one operation of the model, compiled once at start-up. */
export interface CompiledOperation {
  operationId: string;
  method: string;
  template: string;
  /** The operation's service (the model's `service`: its tag in lower case), whose error bodies it answers. */
  service: string | undefined;
  /** How its validation errors key a field: by name for the API's services, by location for the control API. */
  fieldKeys: FieldKeys;
  /** Whether a successful call changes state (the model's `writes`). */
  writes: boolean;
  /** Path parameters that name a resource a key may be bound to (their `x-tenant-scope`). */
  scopedParams: { name: string; kind: ScopeKind }[];
  /** The header that carries the key, lower case; undefined when the operation needs no key. */
  authHeader: string | undefined;
  pathParams: ParameterSpec[];
  queryParams: ParameterSpec[];
  validatePath: (values: Json) => ValidationResult;
  validateQuery: (values: Json) => ValidationResult;
  body:
    | {
        required: boolean;
        validate: (value: unknown) => ValidationResult;
        /**
         * The body's properties whose entries (array items, object members) are each checked on their own, so
         * that a large one can be checked a few entries at a time (see `checkRequestInTurns`).
         */
        sliceable: SliceableProperty[];
      }
    | undefined;
  /** The documented status closest to `wanted` (see `documentedStatus`). */
  status(wanted: number): number;
  /** The headers every answer carries when the operation is deprecated; undefined when it is not. */
  deprecationHeaders: DeprecationHeaders | undefined;
}

/**
 * A body property whose entries are each checked on their own: a body valid with this property empty, and
 * whose entries each pass alone, is valid. `items`: an array, checked a slice of items at a time in the body;
 * `members`: an object, each member's name and value checked by their own schemas.
 */
export type SliceableProperty =
  | { name: string; kind: "items" }
  | { name: string; kind: "members"; member: (name: string, value: unknown) => boolean };

/** Compiles every operation of the model, its validation errors keying fields as `fieldKeys` says. */
export function compileOperations(
  model: DocumentModel,
  fieldKeys: FieldKeys = "location",
): CompiledOperation[] {
  return model.operations.map((op) => compileOperation(model, op, fieldKeys));
}

function compileOperation(model: DocumentModel, op: Operation, fieldKeys: FieldKeys): CompiledOperation {
  // Headers and cookies are not routed on.
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  return {
    operationId: op.operationId,
    method: op.method,
    template: op.path,
    service: op.service,
    fieldKeys,
    writes: op.writes,
    scopedParams: pathParams.flatMap((p) =>
      p.tenantScope === "projects" || p.tenantScope === "resellers"
        ? [{ name: p.name, kind: p.tenantScope }]
        : [],
    ),
    authHeader: authHeaderOf(model, op),
    pathParams: pathParams.map((p) => parameterSpec(model, p)),
    queryParams: queryParams.map((p) => parameterSpec(model, p)),
    validatePath: model.compile(objectSchema(pathParams)),
    validateQuery: model.compile(objectSchema(queryParams)),
    body: compileBody(model, op),
    status: (wanted) => documentedStatus(op.statuses, wanted),
    deprecationHeaders: deprecationHeadersOf(model, op),
  };
}

function parameterSpec(model: DocumentModel, p: Parameter): ParameterSpec {
  return {
    name: p.name,
    in: p.in === "path" ? "path" : "query",
    required: p.required,
    coerce: parameterCoercer(model.resolve, p.schema, {
      ...(p.explode !== undefined ? { explode: p.explode } : {}),
      ...(p.style !== undefined ? { style: p.style } : {}),
    }),
    default: model.resolve(p.schema).default,
  };
}

function objectSchema(params: Parameter[]): object {
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

function compileBody(model: DocumentModel, op: Operation): CompiledOperation["body"] {
  if (!op.requestBody) return undefined;
  const json = Object.entries(op.requestBody.content).find(([type]) => isJsonMediaType(type))?.[1];
  return {
    required: op.requestBody.required,
    validate: model.compile(json?.schema ?? {}),
    sliceable: sliceableProperties(model, json?.schema),
  };
}

/** Keywords of a body schema that look at each property on its own, never at two properties together. */
const PER_PROPERTY = new Set(["type", "properties", "required", "additionalProperties"]);
/** Keywords that describe and check nothing. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);
/** Keywords of an array property that look at each item on its own, or only ask for some items. */
const PER_ITEM = new Set(["type", "items", "minItems"]);
/** Keywords of an object property that look at each member on its own, or only ask for some members. */
const PER_MEMBER = new Set(["type", "additionalProperties", "propertyNames", "minProperties"]);

/**
 * The properties of a body schema whose entries are each checked on their own (see {@link SliceableProperty}).
 * Any other keyword (a count's upper bound, `uniqueItems`, a choice between shapes, named properties, …) keeps
 * the property out, and a large one is then checked whole.
 */
function sliceableProperties(model: DocumentModel, schema: unknown): SliceableProperty[] {
  const body = model.resolve(schema);
  if (!isObject(body) || !isObject(body.properties)) return [];
  if (Object.keys(body).some((k) => !PER_PROPERTY.has(k) && !ANNOTATIONS.has(k))) return [];
  return Object.entries(body.properties).flatMap(([name, property]): SliceableProperty[] => {
    const resolved = model.resolve(property);
    if (!isObject(resolved)) return [];
    const checks = Object.keys(resolved).filter((k) => !ANNOTATIONS.has(k));
    if (isObject(resolved.items) && checks.every((k) => PER_ITEM.has(k))) return [{ name, kind: "items" }];
    const values = resolved.additionalProperties;
    if (resolved.items !== undefined || !isObject(values) || !checks.every((k) => PER_MEMBER.has(k)))
      return [];
    const validName = isObject(resolved.propertyNames) ? model.compile(resolved.propertyNames) : undefined;
    const validValue = model.compile(values);
    return [
      {
        name,
        kind: "members",
        member: (key, value) => (validName?.(key).valid ?? true) && validValue(value).valid,
      },
    ];
  });
}

function authHeaderOf(model: DocumentModel, op: Operation): string | undefined {
  const { doc } = model;
  const declared = Array.isArray(op.object.security) ? op.object.security : doc.security;
  const requirements: unknown[] = Array.isArray(declared) ? declared : [];
  if (requirements.length === 0 || requirements.some((r) => isObject(r) && Object.keys(r).length === 0)) {
    return undefined;
  }
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  for (const requirement of requirements) {
    for (const name of Object.keys(isObject(requirement) ? requirement : {})) {
      const scheme = model.resolve(schemes[name]);
      if (
        isObject(scheme) &&
        scheme.type === "apiKey" &&
        scheme.in === "header" &&
        typeof scheme.name === "string"
      ) {
        return scheme.name.toLowerCase();
      }
    }
  }
  throw new Error(`${op.operationId}: only apiKey header security is supported`);
}

/** Statuses of HTTP itself, answered as they are whether or not an operation documents them. */
export const HTTP_OWN_STATUSES: ReadonlySet<number> = new Set([401, 405, 413, 429, 503]);

/**
 * The status to answer with when the sandbox wants `wanted`: itself when the operation documents it or it is
 * one of HTTP's own (401, 405, 413, 429, 503), otherwise the closest documented one: 400, then 422 for a
 * client error, 500 for a server error. A 415 thus becomes 400 unless the spec lists it.
 */
export function documentedStatus(statuses: readonly string[], wanted: number): number {
  if (HTTP_OWN_STATUSES.has(wanted)) return wanted;
  const candidates = wanted >= 500 ? [wanted, 500] : [wanted, 400, 422];
  return candidates.find((status) => matchStatus(statuses, status) !== undefined) ?? wanted;
}
