import { loadDocument } from "@cloud-contract/spec/document";
import { SANDBOX_API_KEY } from "../sandbox/fixtures/ids.js";

// A test client that names operations by operationId, builds their URLs from the spec's path templates
// and checks every answer with the document model's `checkResponse`, the one judge of the contract: the
// status must be documented for the operation and the body valid against that status's schema. It uses
// neither the sandbox's pipeline nor its router.

const model = loadDocument();

export const OPERATION_IDS = model.operations.map((op) => op.operationId);

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

/** Throws unless `body` (sent as `contentType`) is a documented answer of `operationId` with `status`. */
export function assertDocumented(
  operationId: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  const verdict = model.checkResponse(operationId, status, contentType, body);
  if (!verdict.valid) {
    const detail = verdict.violations.map((v) => `${v.pointer} ${v.message}`).join("; ");
    throw new Error(
      `${operationId} ${status} breaks the spec: ${detail}\n${JSON.stringify(body)?.slice(0, 500)}`,
    );
  }
  checked.add(`${operationId} ${status}`);
}

export function specClient(baseUrl: string) {
  return {
    /** The URL of an operation with its path parameters filled in. */
    url(operationId: string, options: CallOptions = {}): string {
      const path = model.operation(operationId).path.replace(/\{([^}]+)\}/g, (_, name: string) => {
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
      const { method } = model.operation(operationId);
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? SANDBOX_API_KEY : options.key;
      if (key !== null) headers.Authorization ??= `apikey ${key}`;
      let payload: string | undefined = options.rawBody;
      if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
      if (payload !== undefined) headers["Content-Type"] ??= "application/json";
      const res = await fetch(this.url(operationId, options), {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
      });
      const text = await res.text();
      const body = text ? JSON.parse(text) : undefined;
      assertDocumented(operationId, res.status, res.headers.get("content-type"), body);
      return { status: res.status, body: body as T, headers: res.headers };
    },
  };
}

export type SpecClient = ReturnType<typeof specClient>;
