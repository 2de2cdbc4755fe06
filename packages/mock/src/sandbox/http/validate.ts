import { isJsonMediaType, isObject, type Json } from "@cloud-contract/spec/model";
import { messageOf } from "../../error-message.js";
import { mayHoldExactIntegers, numberView, parseJson as parseExactJson } from "../exact-json.js";
import type { CompiledOperation } from "../openapi/operations.js";
import { ApiError } from "./api-error.js";
import { assertScopeAllows, type KeyScope } from "./auth.js";
import { MAX_JSON_DEPTH, textNestsDeeper } from "./json-depth.js";
import { parseJsonInTurns } from "./json-in-turns.js";
import { slicesInTurns } from "./turns.js";
import { type FieldKeys, type InvalidFields, validationError, wholeBodyKey } from "./validation-error.js";

/** A request's parts once coerced and checked against the operation's schemas. */
export interface ValidRequest {
  params: Json;
  query: Json;
  body: unknown;
}

/** A request's parts once coerced and parsed, with what is wrong with path and query. */
export interface ParsedRequest extends ValidRequest {
  invalid: InvalidFields;
  /** The body as the schema checks it: its exact integers as the nearest numbers (the body itself when none). */
  checked: unknown;
}

/**
 * Coerces and validates path and query with the operation's schemas, checks the key's scope on the scoped
 * path parameters and parses the body; a body that is not JSON is a 400. See {@link checkRequest} for the
 * rest. Numbers are refused only where the spec says so: an integer of the body beyond ±(2^53 − 1) is kept as
 * sent (an `ExactInteger`) and checked by the schema as the nearest number, an integer still. An id in the
 * path too large for any entity is a 404, as an id nobody created is.
 */
export function parseRequest(
  op: CompiledOperation,
  rawParams: Record<string, string>,
  rawQuery: string,
  raw: RawBody | undefined,
  scope: KeyScope,
): ParsedRequest {
  const parts = parseParameters(op, rawParams, rawQuery, scope);
  const text = bodyText(op, raw);
  return withBody(parts, text, text === undefined ? undefined : parseJson(text));
}

/** {@link parseRequest} for a large body: the body is parsed a slice per turn of the event loop. */
export async function parseRequestInTurns(
  op: CompiledOperation,
  rawParams: Record<string, string>,
  rawQuery: string,
  raw: RawBody | undefined,
  scope: KeyScope,
): Promise<ParsedRequest> {
  const parts = parseParameters(op, rawParams, rawQuery, scope);
  const text = bodyText(op, raw);
  if (text === undefined) return withBody(parts, text, undefined);
  let body: unknown;
  try {
    body = await parseJsonInTurns(text);
  } catch (error) {
    throw notJson(error);
  }
  return withBody(parts, text, body);
}

/** Validates the parsed body with the operation's schema: every schema break (path, query, body) is one 400. */
export function checkRequest(op: CompiledOperation, parsed: ParsedRequest): ValidRequest {
  const { params, query, body, checked, invalid } = parsed;
  if (op.body) {
    if (body === undefined) {
      if (op.body.required) invalid[wholeBodyKey(op.fieldKeys)] = ["A JSON request body is required."];
    } else collect(invalid, op.fieldKeys, "body", op.body.validate(checked));
  }
  if (Object.keys(invalid).length > 0) throw validationError(invalid);
  return { params, query, body };
}

/** Entries checked per turn when a large property of a body is checked a few entries at a time. */
const SLICE_ENTRIES = 4096;

/**
 * {@link checkRequest} for a large body: the body is checked with its large sliceable properties (see
 * `sliceable`) left empty, then their entries a few per turn: an array's items a slice at a time in the
 * body, an object's members one by one against their own schemas. Any check that fails sends the body to
 * {@link checkRequest} whole, so the errors are exactly the usual ones.
 */
export async function checkRequestInTurns(
  op: CompiledOperation,
  parsed: ParsedRequest,
): Promise<ValidRequest> {
  const body = parsed.checked;
  if (!op.body || !isObject(body) || Object.keys(parsed.invalid).length > 0) return checkRequest(op, parsed);
  const large = op.body.sliceable.flatMap((part) => {
    const value = body[part.name];
    const entries = part.kind === "items" ? (Array.isArray(value) ? value : []) : membersOf(value);
    return entries.length > SLICE_ENTRIES ? [{ part, entries }] : [];
  });
  if (large.length === 0) return checkRequest(op, parsed);
  const rest: Json = { ...body };
  for (const { part } of large) rest[part.name] = part.kind === "items" ? [] : {};
  if (!op.body.validate(rest).valid) return checkRequest(op, parsed);
  for (const { part, entries } of large) {
    const members = body[part.name] as Json;
    for await (const [at, end] of slicesInTurns(entries.length, SLICE_ENTRIES)) {
      const slice = entries.slice(at, end);
      const valid =
        part.kind === "items"
          ? op.body.validate({ ...rest, [part.name]: slice }).valid
          : (slice as string[]).every((name) => part.member(name, members[name]));
      if (!valid) return checkRequest(op, parsed);
    }
  }
  return { params: parsed.params, query: parsed.query, body: parsed.body };
}

/** An object's member names (none for anything else, arrays included). */
const membersOf = (value: unknown): string[] => (isObject(value) ? Object.keys(value) : []);

/** A request body as it came: its text and its declared content type. */
export type RawBody = { text: string; contentType: string };

/** Path and query coerced and validated, and the key's scope checked on the scoped path parameters. */
function parseParameters(
  op: CompiledOperation,
  rawParams: Record<string, string>,
  rawQuery: string,
  scope: KeyScope,
): Omit<ParsedRequest, "body" | "checked"> {
  const params = coerceParams(op, rawParams);
  const query = coerceQuery(op, rawQuery);
  for (const [name, value] of Object.entries(params)) {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      throw new ApiError(404, `No ${name} ${rawParams[name]} exists.`);
    }
  }
  const invalid: InvalidFields = {};
  collect(invalid, op.fieldKeys, "path", op.validatePath(params));
  collect(invalid, op.fieldKeys, "query", op.validateQuery(query));
  if (Object.keys(invalid).length === 0) {
    for (const { name, kind } of op.scopedParams) {
      const id = params[name];
      if (typeof id === "number") assertScopeAllows(scope, kind, id);
    }
  }
  return { params, query, invalid };
}

/** The parsed request with its body (parsed from `text`) and the body as the schema checks it. */
function withBody(
  parts: Omit<ParsedRequest, "body" | "checked">,
  text: string | undefined,
  body: unknown,
): ParsedRequest {
  const checked = text !== undefined && mayHoldExactIntegers(text) ? numberView(body) : body;
  return { params: parts.params, query: parts.query, invalid: parts.invalid, body, checked };
}

/** The body's text when the operation takes one and it is not empty; a type other than JSON is a 415. */
function bodyText(op: CompiledOperation, raw: RawBody | undefined): string | undefined {
  if (!op.body || raw === undefined || raw.text.length === 0) return undefined;
  if (!isJsonMediaType(raw.contentType)) {
    const got = raw.contentType ? `"${raw.contentType}"` : "none";
    throw new ApiError(415, `Content-Type must be application/json, got ${got}.`);
  }
  if (textNestsDeeper(raw.text)) {
    const problem = `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`;
    const invalidFields: InvalidFields = op.fieldKeys === "name" ? {} : { body: [problem] };
    throw new ApiError(400, `The request body ${problem}.`, { invalidFields });
  }
  return raw.text;
}

function parseJson(text: string): unknown {
  try {
    return parseExactJson(text);
  } catch (error) {
    throw notJson(error);
  }
}

const notJson = (error: unknown) =>
  new ApiError(400, `The request body is not valid JSON: ${messageOf(error)}`, {
    exceptionClass: "ParseError",
  });

function coerceParams(op: CompiledOperation, raw: Record<string, string>): Json {
  const out: Json = {};
  for (const p of op.pathParams) {
    const text = raw[p.name];
    if (text === undefined) continue;
    out[p.name] = p.coerce([text.includes("%") ? decodePathParam(p.name, text) : text]);
  }
  return out;
}

function decodePathParam(name: string, text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ApiError(400, `Path parameter ${name} is not valid percent-encoding.`);
  }
}

function coerceQuery(op: CompiledOperation, rawQuery: string): Json {
  const out: Json = {};
  if (op.queryParams.length === 0) return out;
  const search = rawQuery === "" ? undefined : new URLSearchParams(rawQuery);
  for (const p of op.queryParams) {
    const values = search?.getAll(p.name) ?? [];
    if (values.length > 0) out[p.name] = p.coerce(values);
    else if (p.default !== undefined) out[p.name] = p.default;
  }
  return out;
}

/** A schema error as the validator reports it. */
interface SchemaError {
  pointer: string;
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The steps of a schema error's pointer, a missing or extra property named as the last one. */
function fieldSteps(e: SchemaError): string[] {
  const steps = e.pointer.split("/").filter(Boolean);
  if (e.keyword === "required" && typeof e.params.missingProperty === "string")
    steps.push(e.params.missingProperty);
  if (e.keyword === "additionalProperties" && typeof e.params.additionalProperty === "string") {
    steps.push(e.params.additionalProperty);
  }
  return steps;
}

/**
 * The `invalid_fields` key of a schema error under `where` (`body`, `query`) where fields are located: dots
 * between the parts (`body.results.0.id`), as the control API keys every error.
 */
export function fieldKey(where: string, e: SchemaError): string {
  return [where, ...fieldSteps(e)].join(".");
}

/**
 * The key of a schema error of a request part by the field's name: a parameter's name (an array parameter's item
 * is the parameter), a body field's path with dots between the parts; `""` for the body as a whole.
 */
export function fieldName(where: "path" | "query" | "body", e: SchemaError): string {
  const steps = fieldSteps(e);
  return where === "body" ? steps.join(".") : (steps[0] ?? "");
}

function collect(
  invalid: InvalidFields,
  keys: FieldKeys,
  where: "path" | "query" | "body",
  result: { errors: SchemaError[] },
): void {
  for (const e of result.errors) {
    const field = keys === "name" ? fieldName(where, e) : fieldKey(where, e);
    const message = e.keyword === "required" ? "Field required" : e.message;
    const list = invalid[field] ?? [];
    invalid[field] = list;
    if (!list.includes(message)) list.push(message);
  }
}
