// What a pipeline is built from: the document, the handlers and the hooks that tie it to tenants, replicas,
// faults and commits (see `createPipeline`).
import type { DocumentModel } from "@cloud-contract/spec/model";
import type { CompiledOperation } from "../openapi/operations.js";
import type { ApiError } from "./api-error.js";
import type { KeyScope } from "./auth.js";
import type { SandboxRequest, SandboxResponse } from "./exchange.js";
import type { HandlerTable } from "./handler.js";
import type { RawBody } from "./validate.js";
import type { FieldKeys } from "./validation-error.js";

/** How a fault armed on the caller's tenant spoils a call (see `faults/inject.ts`). */
export type FaultAnswer = { delayMs: number } & (
  | { kind: "reset" }
  | { kind: "slow_body" }
  | { kind: "latency" }
  | { kind: "status"; error: ApiError }
);

/** An answer an override of the caller's tenant chose for a call (see `overrides/take.ts`). */
export interface ChosenAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * What the catch-up stage knows of the call: whether it writes, and whether the client is gone (a writer whose
 * client left before its turn is skipped).
 */
export interface CatchUpCall {
  writes: boolean;
  closed(): boolean;
}

/** A call of a known caller once it is answered, as the pipeline tells `record` of it (once per call). */
export interface AnsweredCall<App> {
  request: SandboxRequest;
  response: SandboxResponse;
  operation: CompiledOperation;
  app: App;
  /** The request path (still percent-encoded) and the raw query, without `?`. */
  path: string;
  rawQuery: string;
  /** The body as received, when the operation takes one and it was read. */
  raw: RawBody | undefined;
  /** The stage of `STAGES` that answered (undefined for authenticate), and the error answered with, if any. */
  answeredBy: ((...args: never[]) => unknown) | undefined;
  error: unknown;
  fault: FaultAnswer | undefined;
  /** From routing to the answer, in ms. */
  durationMs: number;
}

/** The application a key belongs to, and what the key may touch there (default: everything). */
export interface KeyOwner<App> {
  app: App;
  scope?: KeyScope;
}

export interface PipelineOptions<App> {
  /** The model of the document that is served. */
  model: DocumentModel;
  handlers: HandlerTable<App>;
  /** How validation errors key a field: by its location (`body.email`, the default) or by its name alone, as the API's services do. */
  fieldKeys?: FieldKeys;
  /**
   * The caller's application (its tenant) and the key's scope, found once per call and pinned for it;
   * undefined for an unknown key (a 401). Throw an `ApiError` to refuse the key with another message. For
   * operations that need no key it is asked with `""`.
   */
  appFor: (key: string) => KeyOwner<App> | undefined | Promise<KeyOwner<App> | undefined>;
  /** Whether a pinned application is still served (a tenant evicted meanwhile is not): a call of one that is not is a 401. */
  isLive?: (app: App) => boolean;
  /**
   * Brings the application up to date before the call (a replica catching up with the shared store; for a
   * write also waiting for its turn under the tenant's lock); resolves to the function that gives back what
   * it took. A call whose client left while it waited is then dropped: nothing runs and nothing is sent.
   */
  catchUp?: (app: App, call: CatchUpCall) => Promise<() => Promise<void>>;
  /**
   * While the application holds changes whose COMMIT may still fail, the end of that COMMIT: a read waits for
   * it right before its handler runs, so that it never shows a change that is then rolled back.
   */
  uncommitted?: (app: App) => Promise<void> | undefined;
  /** The refusal of a call beyond its key's rate limit (a 429), if it is one; otherwise the call is counted. */
  rateLimit?: (call: { operation: CompiledOperation; app: App; key: string }) => ApiError | undefined;
  /** The fault armed for this call, if any (it is used up by this call). */
  faults?: (call: { operation: CompiledOperation; app: App }) => FaultAnswer | undefined;
  /** The answer an override chose for this validated call, if any (the handler then does not run). */
  overrides?: (call: {
    operation: CompiledOperation;
    app: App;
    rawParams: Record<string, string>;
    rawQuery: string;
    requestId: string;
  }) => ChosenAnswer | undefined;
  /**
   * The commit: called with the caller's application after a 2xx answer of an operation that writes (the
   * model's `writes`). The answer's body is serialised before it is called, and sent once it resolves.
   */
  onWrite?: (app: App) => Promise<void> | undefined;
  /** Check every answer against the spec and turn a violation into a 500 that names it. */
  validateResponses?: boolean;
  /** Largest answer body of an operation that does not write, in bytes; a larger one is a 400 (default: none). */
  maxAnswerBytes?: number;
  /** Told of every call whose caller was found (its tenant), once it is answered (the sandbox's journal). */
  record?: (call: AnsweredCall<App>) => void;
  /** Told about every unexpected error (500, 503) with the request id; the client never sees its message. */
  onUnexpected?: (error: unknown, requestId: string) => void;
}
