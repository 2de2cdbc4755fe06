import type { Json } from "@cloud-contract/spec/model";
import type { CompiledOperation } from "../openapi/operations.js";
import { ApiError } from "./api-error.js";
import { type KeyScope, scopeAllows } from "./auth.js";
import { type InvalidFields, validationError } from "./validation-error.js";

/** A request's parts once coerced and checked against the operation's schemas. */
export interface ValidRequest {
  params: Json;
  query: Json;
  body: unknown;
}

/** A request's parts once coerced and parsed, with what is wrong with path and query. */
export interface ParsedRequest extends ValidRequest {
  invalid: InvalidFields;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** 2^53 has 16 digits: a JSON text without a run of 16 digits holds no integer beyond 2^53 − 1. */
const LONG_DIGIT_RUN = /\d{16}/;

/**
 * Coerces and validates path and query with the operation's schemas, checks the key's scope on the scoped
 * path parameters and parses the body. Integers beyond 2^53 − 1 (which JavaScript would round) are a 400
 * naming the field; a body that is not JSON a 400. See {@link checkRequest} for the rest.
 */
export function parseRequest(
  op: CompiledOperation,
  rawParams: Record<string, string>,
  rawQuery: string,
  raw: { text: string; contentType: string } | undefined,
  scope: KeyScope,
): ParsedRequest {
  const params = coerceParams(op, rawParams);
  const query = coerceQuery(op, rawQuery);
  refuseUnsafeIntegers([...unsafeIntegers(params, "path"), ...unsafeIntegers(query, "query")]);
  const invalid: InvalidFields = {};
  collect(invalid, "path", op.validatePath(params));
  collect(invalid, "query", op.validateQuery(query));
  if (Object.keys(invalid).length === 0) {
    for (const { name, kind } of op.scopedParams) {
      const id = params[name];
      if (typeof id === "number" && !scopeAllows(scope, kind, id)) {
        throw new ApiError(403, `This API key may not act on ${kind.slice(0, -1)} ${id}.`);
      }
    }
  }
  const body = raw === undefined ? undefined : parseBody(op, raw);
  if (raw !== undefined && LONG_DIGIT_RUN.test(raw.text)) refuseUnsafeIntegers(unsafeIntegers(body, "body"));
  return { params, query, body, invalid };
}

/** Validates the parsed body with the operation's schema: every schema break (path, query, body) is one 422. */
export function checkRequest(op: CompiledOperation, parsed: ParsedRequest): ValidRequest {
  const { params, query, body, invalid } = parsed;
  if (op.body) {
    if (body === undefined) {
      if (op.body.required) invalid.body = ["A JSON request body is required."];
    } else collect(invalid, "body", op.body.validate(body));
  }
  if (Object.keys(invalid).length > 0) throw validationError(invalid);
  return { params, query, body };
}

function refuseUnsafeIntegers(fields: string[]): void {
  if (fields.length === 0) return;
  const reason = "must be an integer from -(2^53 - 1) to 2^53 - 1";
  throw new ApiError(400, `${fields.join(", ")}: ${reason}.`, {
    invalidFields: Object.fromEntries(fields.map((field) => [field, [reason]])),
  });
}

function parseBody(op: CompiledOperation, raw: { text: string; contentType: string }): unknown {
  if (!op.body || raw.text.length === 0) return undefined;
  if (!JSON_TYPE.test(raw.contentType)) {
    const got = raw.contentType ? `"${raw.contentType}"` : "none";
    throw new ApiError(415, `Content-Type must be application/json, got ${got}.`);
  }
  try {
    return JSON.parse(raw.text);
  } catch (error) {
    throw new ApiError(400, `The request body is not valid JSON: ${(error as Error).message}`, {
      exceptionClass: "ParseError",
    });
  }
}

/** The fields (`body.a.0.b`) holding an integer JavaScript cannot represent exactly. */
function unsafeIntegers(value: unknown, where: string): string[] {
  const out: string[] = [];
  const visit = (node: unknown, path: string) => {
    if (typeof node === "number") {
      if (Number.isInteger(node) && !Number.isSafeInteger(node)) out.push(path);
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(node[i], `${path}.${i}`);
    } else if (node !== null && typeof node === "object") {
      for (const key in node) visit((node as Record<string, unknown>)[key], `${path}.${key}`);
    }
  };
  visit(value, where);
  return out;
}

function coerceParams(op: CompiledOperation, raw: Record<string, string>): Json {
  const out: Json = {};
  for (const p of op.pathParams) {
    const text = raw[p.name];
    if (text === undefined) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      throw new ApiError(400, `Path parameter ${p.name} is not valid percent-encoding.`);
    }
    out[p.name] = p.coerce([decoded]);
  }
  return out;
}

function coerceQuery(op: CompiledOperation, rawQuery: string): Json {
  const out: Json = {};
  if (op.queryParams.length === 0) return out;
  const search = new URLSearchParams(rawQuery);
  for (const p of op.queryParams) {
    const values = search.getAll(p.name);
    if (values.length > 0) out[p.name] = p.coerce(values);
    else if (p.default !== undefined) out[p.name] = p.default;
  }
  return out;
}

function collect(
  invalid: InvalidFields,
  where: string,
  result: {
    errors: { pointer: string; message: string; keyword: string; params: Record<string, unknown> }[];
  },
): void {
  for (const e of result.errors) {
    let pointer = e.pointer === "/" ? "" : e.pointer;
    if (e.keyword === "required" && typeof e.params.missingProperty === "string")
      pointer += `/${e.params.missingProperty}`;
    if (e.keyword === "additionalProperties" && typeof e.params.additionalProperty === "string") {
      pointer += `/${e.params.additionalProperty}`;
    }
    const field = [where, ...pointer.split("/").filter(Boolean)].join(".");
    const message = e.keyword === "required" ? "Field required" : e.message;
    const list = invalid[field] ?? [];
    invalid[field] = list;
    if (!list.includes(message)) list.push(message);
  }
}
