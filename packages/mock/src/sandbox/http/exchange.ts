/**
 * A request and its answer as the sandbox's core sees them: plain data, no sockets, so that the same core
 * runs behind `node:http` and in-process (a `fetch` function).
 */
export interface SandboxRequest {
  /** Upper case. */
  method: string;
  /** Path and query as the client sent them (still percent-encoded): `/cloud/v1/tasks?limit=1`. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * The body: the bytes themselves, or a reader the core calls only when the operation takes a body (it
   * rejects with a 413 `ApiError` past the size limit). Absent when there is none.
   */
  body?: Uint8Array | string | (() => Promise<Uint8Array>);
  /** Whether the client has gone away (the core then writes nothing more). */
  closed?: () => boolean;
  /** The client's network address (absent in-process): tenant creation is limited per address. */
  client?: string;
}

export interface SandboxResponse {
  status: number;
  /** Without `Content-Length` unless the body is left out (HEAD): adapters state the length of what they send. */
  headers: Record<string, string>;
  /** The serialised body; undefined for none (and for every answer to HEAD). */
  body: string | undefined;
  /** How a fault wants the answer delivered: cut the connection, or let the body trickle over `spreadMs`. */
  delivery?: { reset: true } | { spreadMs: number };
}

/** The sandbox's core: one request in, one answer out. */
export type SandboxCore = (request: SandboxRequest) => Promise<SandboxResponse>;
