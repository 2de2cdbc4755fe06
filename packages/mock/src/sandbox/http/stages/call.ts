// The one call context the pipeline's stages share, and what a stage is: a function of the call that either
// lets it go on (undefined) or answers it early by returning the answer, or the `ApiError` to answer with.
import type { CompiledOperation } from "../../openapi/operations.js";
import type { ApiError } from "../api-error.js";
import type { KeyScope } from "../auth.js";
import type { SandboxRequest, SandboxResponse } from "../exchange.js";
import type { FaultAnswer, PipelineOptions } from "../pipeline-options.js";
import type { WriteTurns } from "../turns.js";
import type { RawBody, ValidRequest } from "../validate.js";

/** What every call of one pipeline shares: its options and what was made from them once. */
export interface PipelineParts<App> {
  options: PipelineOptions<App>;
  compiled: ReadonlyMap<string, CompiledOperation>;
  writeTurns: WriteTurns;
}

/** One call as it passes through the stages: what route and authenticate found, then what each stage adds. */
export interface Call<App> {
  readonly request: SandboxRequest;
  readonly requestId: string;
  /** The request path, still percent-encoded, and the raw query (without `?`). */
  readonly path: string;
  readonly rawQuery: string;
  readonly op: CompiledOperation;
  readonly rawParams: Record<string, string>;
  /** A HEAD answered by the path's GET. */
  readonly head: boolean;
  /** The caller's key, its application (pinned for the call) and what the key may touch. */
  readonly key: string;
  readonly app: App;
  readonly scope: KeyScope;
  /** Whether the client has gone away. */
  readonly closed: () => boolean;
  /** The body as received (receive); `large` when it is worked on in turns of the event loop. */
  raw?: RawBody;
  large: boolean;
  /** Gives back what the catch-up took (a write's turn); called once the call is done. */
  release?: () => Promise<void>;
  /** The fault armed on the tenant for this call. */
  fault?: FaultAnswer;
  /** The request validated against the operation (validate). */
  valid?: ValidRequest;
  /** The handler's answer, self-checked and serialised (handle). */
  answer?: SandboxResponse;
  /** Or its refusal (handle), answered by still-live while the tenant lives. */
  refusal?: ApiError;
}

/** An answer that ends the call here: a response as it is, or an error for the one error writer. */
export type EarlyAnswer = SandboxResponse | ApiError;

export type StageResult = EarlyAnswer | undefined;

/** A stage of the pipeline: a promise only when it has to wait. */
export type Stage<App> = (call: Call<App>, parts: PipelineParts<App>) => StageResult | Promise<StageResult>;

/** What an earlier stage put into the call; its absence means the stages are in the wrong order (a 500). */
export function required<T>(value: T | undefined, stage: string): T {
  if (value === undefined) throw new Error(`The pipeline's ${stage} stage must run before this one.`);
  return value;
}

/** No answer: the connection is cut (a `reset` fault, or a call whose client left while it waited). */
export const cutConnection = (): SandboxResponse => ({
  status: 0,
  headers: {},
  body: undefined,
  delivery: { reset: true },
});
