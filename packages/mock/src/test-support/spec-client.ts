import { createSchemaValidator, loadBundle } from "@cloud-contract/spec/validator";
import { SANDBOX_API_KEY } from "../sandbox/fixtures/ids.js";

// A test client that names operations by operationId, builds their URLs from the spec's path templates
// and checks every answer against the spec: the status must be documented for the operation and the body
// must be valid against that status's schema. It shares no code with the sandbox's own router and
// validation, so a sandbox bug cannot hide itself.

type Json = Record<string, unknown>;
const doc = loadBundle();
const { compile } = createSchemaValidator(doc);
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

interface SpecOperation {
  method: string;
  template: string;
  responses: Json;
}

const operations = new Map<string, SpecOperation>();
for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
  for (const method of METHODS) {
    const op = item[method] as Json | undefined;
    if (op)
      operations.set(op.operationId as string, {
        method: method.toUpperCase(),
        template,
        responses: op.responses as Json,
      });
  }
}

export const OPERATION_IDS = [...operations.keys()];

/** `operationId status` pairs whose answers were checked in this test file. */
export const checked = new Set<string>();

export interface CallOptions {
  params?: Record<string, string | number>;
  /** Query values; arrays are sent as repeated parameters. */
  query?: Record<string, string | number | boolean | (string | number)[]>;
  body?: unknown;
  /** Sent as is instead of `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The API key; null sends no Authorization header. Default: the sandbox's key. */
  key?: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely; assertDocumented has checked their shape
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

function resolve(node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === "string") {
    current = (current.$ref as string)
      .slice(2)
      .split("/")
      .reduce<Json>((value, key) => value[key] as Json, doc as Json);
  }
  return current;
}

/** Throws unless `body` is a documented answer of `operationId` with `status`. */
export function assertDocumented(operationId: string, status: number, body: unknown): void {
  const op = operations.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the spec`);
  const raw = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!raw) throw new Error(`${operationId} answered ${status}, which the spec does not document`);
  const schema = (resolve(raw).content as Json | undefined)?.["application/json"] as Json | undefined;
  if (!schema?.schema) throw new Error(`${operationId} ${status} has no JSON schema`);
  const { errors } = compile(schema.schema as object)(body);
  if (errors.length > 0) {
    const detail = errors.map((e) => `${e.pointer} ${e.message}`).join("; ");
    throw new Error(
      `${operationId} ${status} breaks the spec: ${detail}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
  checked.add(`${operationId} ${status}`);
}

export function specClient(baseUrl: string) {
  return {
    /** The URL of an operation with its path parameters filled in. */
    url(operationId: string, options: CallOptions = {}): string {
      const op = operations.get(operationId);
      if (!op) throw new Error(`no operation ${operationId} in the spec`);
      const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = options.params?.[name];
        if (value === undefined) throw new Error(`${operationId}: missing path parameter ${name}`);
        return encodeURIComponent(String(value));
      });
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(options.query ?? {})) {
        for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
      }
      const qs = search.toString();
      return `${baseUrl}${path}${qs ? `?${qs}` : ""}`;
    },

    // biome-ignore lint/suspicious/noExplicitAny: as above
    async call<T = any>(operationId: string, options: CallOptions = {}): Promise<Answer<T>> {
      const op = operations.get(operationId) as SpecOperation;
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? SANDBOX_API_KEY : options.key;
      if (key !== null) headers.Authorization ??= `apikey ${key}`;
      let payload: string | undefined = options.rawBody;
      if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
      if (payload !== undefined) headers["Content-Type"] ??= "application/json";
      const res = await fetch(this.url(operationId, options), {
        method: op.method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
      });
      const text = await res.text();
      const body = text ? JSON.parse(text) : undefined;
      assertDocumented(operationId, res.status, body);
      return { status: res.status, body: body as T, headers: res.headers };
    },
  };
}

export type SpecClient = ReturnType<typeof specClient>;
