// One request of a stateful sequence as it goes on the wire, and how it is sent: through a fetch
// function (the global one over HTTP, or any other that takes a Request, such as an in-process sandbox).
import { parseBody } from "../body.js";

export interface WireRequest {
  operationId: string;
  method: string;
  /** The path with its parameters filled in, percent-encoded. */
  path: string;
  query: Array<[string, string]>;
  body?: unknown;
  /** The body's text as sent, when JSON.stringify cannot write it (integers beyond 2^53, malformed JSON). */
  rawBody?: string;
  /** The body's Content-Type when not application/json. */
  contentType?: string;
}

/** The Authorization a request carries: the target's key, none, or a key the target cannot know. */
export type Credentials = "key" | "missing" | "wrong" | { authorization: string };

/** A key no target hands out: the auth check must refuse it. */
export const WRONG_KEY = "stateful-wrong-key-0000";

export type FetchFunction = (request: Request) => Promise<Response>;

export interface StatefulTarget {
  baseUrl: string;
  apiKey: string;
  fetch: FetchFunction;
}

export interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
  headers: Headers;
  /** The body as it came, before parsing. */
  text: string;
}

export function requestUrl(baseUrl: string, request: WireRequest): string {
  const search = new URLSearchParams(request.query).toString();
  return `${baseUrl}${request.path}${search ? `?${search}` : ""}`;
}

export async function send(
  target: StatefulTarget,
  request: WireRequest,
  credentials: Credentials = "key",
): Promise<Answer> {
  const headers = new Headers();
  if (typeof credentials === "object") headers.set("authorization", credentials.authorization);
  else if (credentials !== "missing") {
    headers.set("authorization", `apikey ${credentials === "key" ? target.apiKey : WRONG_KEY}`);
  }
  let body: string | undefined;
  if (request.body !== undefined || request.rawBody !== undefined) {
    headers.set("content-type", request.contentType ?? "application/json");
    body = request.rawBody ?? JSON.stringify(request.body);
  }
  const response = await target.fetch(
    new Request(requestUrl(target.baseUrl, request), {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
    }),
  );
  const contentType = response.headers.get("content-type");
  const text = await response.text();
  return {
    status: response.status,
    contentType,
    body: parseBody(contentType, text),
    headers: response.headers,
    text,
  };
}
