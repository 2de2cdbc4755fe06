import type { ValidationResult } from "@cloud-contract/spec/validator";
import { HTTP_METHODS, type OpenApiDocument } from "../../bundle.js";
import { type Coercer, parameterCoercer } from "./coerce.js";
import { isObject, type Json, resolveRef } from "./resolve.js";

/** Compiles a schema of the document into a check (the shared validator's `compile`). */
export type CompileSchema = (schema: object) => (value: unknown) => ValidationResult;

export interface ParameterSpec {
  name: string;
  in: "path" | "query";
  required: boolean;
  coerce: Coercer;
  default: unknown;
}

/** What the sandbox needs to know about one operation, compiled once at start-up. */
export interface CompiledOperation {
  operationId: string;
  method: string;
  template: string;
  /** The header that carries the key, lower case; undefined when the operation needs no key. */
  authHeader: string | undefined;
  pathParams: ParameterSpec[];
  queryParams: ParameterSpec[];
  validatePath: (values: Json) => ValidationResult;
  validateQuery: (values: Json) => ValidationResult;
  body: { required: boolean; validate: (value: unknown) => ValidationResult } | undefined;
  /** The documented status closest to `wanted` (see `documentedStatus`). */
  status(wanted: number): number;
  /** Whether the operation documents `status` (exactly, as `4XX`/`5XX`, or through `default`). */
  documents(status: number): boolean;
  /** The response body check for a status, or undefined when the status declares no JSON body. */
  responseCheck(status: number): ((value: unknown) => ValidationResult) | undefined;
}

/** Compiles every operation of `doc`. */
export function compileOperations(doc: OpenApiDocument, compile: CompileSchema): CompiledOperation[] {
  const out: CompiledOperation[] = [];
  for (const [template, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = resolveRef<Json>(doc, rawItem);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) out.push(compileOperation(doc, compile, template, method, item, op));
    }
  }
  return out;
}

function compileOperation(
  doc: OpenApiDocument,
  compile: CompileSchema,
  template: string,
  method: string,
  item: Json,
  op: Json,
): CompiledOperation {
  const operationId = typeof op.operationId === "string" ? op.operationId : `${method} ${template}`;
  const params = mergeParameters(doc, item.parameters, op.parameters);
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const responses = isObject(op.responses) ? op.responses : {};
  const statuses = new Set(Object.keys(responses).map((s) => s.toUpperCase()));
  const responseChecks = new Map<number, ((value: unknown) => ValidationResult) | undefined>();

  return {
    operationId,
    method: method.toUpperCase(),
    template,
    authHeader: authHeaderOf(doc, op),
    pathParams: pathParams.map((p) => p.spec),
    queryParams: queryParams.map((p) => p.spec),
    validatePath: compile(objectSchema(pathParams)),
    validateQuery: compile(objectSchema(queryParams)),
    body: compileBody(doc, compile, op.requestBody),
    status: (wanted) => documentedStatus(statuses, wanted),
    documents: (status) =>
      statuses.has(String(status)) || statuses.has(`${String(status)[0]}XX`) || statuses.has("DEFAULT"),
    responseCheck(status) {
      if (!responseChecks.has(status)) {
        const schema = responseSchema(doc, responses, status);
        responseChecks.set(status, schema ? compile(schema) : undefined);
      }
      return responseChecks.get(status);
    },
  };
}

interface Parameter {
  in: string;
  spec: ParameterSpec;
  schema: object;
}

function mergeParameters(doc: OpenApiDocument, pathLevel: unknown, opLevel: unknown): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [pathLevel, opLevel]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const p = resolveRef<Json>(doc, raw);
      if (p.in !== "path" && p.in !== "query") continue; // headers and cookies are not routed on
      const schema = (isObject(p.schema) ? p.schema : {}) as object;
      const resolved = resolveRef<Json>(doc, schema);
      const spec: ParameterSpec = {
        name: String(p.name),
        in: p.in,
        required: p.in === "path" || p.required === true,
        coerce: parameterCoercer(doc, schema, {
          ...(typeof p.explode === "boolean" ? { explode: p.explode } : {}),
          ...(typeof p.style === "string" ? { style: p.style } : {}),
        }),
        default: resolved.default,
      };
      byKey.set(`${p.in}:${p.name}`, { in: p.in, spec, schema });
    }
  }
  return [...byKey.values()];
}

function objectSchema(params: Parameter[]): object {
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.spec.name, p.schema])),
    required: params.filter((p) => p.spec.required).map((p) => p.spec.name),
  };
}

function compileBody(doc: OpenApiDocument, compile: CompileSchema, raw: unknown): CompiledOperation["body"] {
  if (raw === undefined) return undefined;
  const body = resolveRef<Json>(doc, raw);
  const content = isObject(body.content) ? body.content : {};
  const media = jsonMedia(content);
  const schema = media && isObject(media.schema) ? media.schema : {};
  return { required: body.required === true, validate: compile(schema) };
}

function jsonMedia(content: Json): Json | undefined {
  const key = Object.keys(content).find((type) => /^application\/(.+\+)?json$/i.test(type));
  const media = key ? content[key] : undefined;
  return isObject(media) ? media : undefined;
}

function authHeaderOf(doc: OpenApiDocument, op: Json): string | undefined {
  const requirements = (Array.isArray(op.security) ? op.security : doc.security) ?? [];
  if (requirements.length === 0 || requirements.some((r) => isObject(r) && Object.keys(r).length === 0)) {
    return undefined;
  }
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : {};
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement as Json)) {
      const scheme = resolveRef<Json>(doc, schemes[name]);
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
  throw new Error(`${String(op.operationId)}: only apiKey header security is supported`);
}

/**
 * The status to answer with when the sandbox wants `wanted`: itself when the operation documents it
 * (exactly or as `4XX`/`5XX`), otherwise the closest documented one: 400, then 422 for a client error,
 * 500 for a server error. Statuses like 413 and 415 thus become 400 unless the spec lists them.
 */
export function documentedStatus(statuses: Set<string>, wanted: number): number {
  const candidates = wanted >= 500 ? [wanted, 500] : [wanted, 400, 422];
  for (const status of candidates) {
    if (statuses.has(String(status)) || statuses.has(`${String(status)[0]}XX`)) return status;
  }
  return wanted;
}

function responseSchema(doc: OpenApiDocument, responses: Json, status: number): object | undefined {
  const raw = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (raw === undefined) return undefined;
  const response = resolveRef<Json>(doc, raw);
  const media = isObject(response.content) ? jsonMedia(response.content) : undefined;
  return media && isObject(media.schema) ? media.schema : undefined;
}
