// What a seeded bug is: one wrong thing a target does, in one operation, applied by a layer in front of a
// real sandbox (see buggy-target.ts). A bug sees the call as it arrives, may change it before it is
// forwarded, answer it without forwarding, or change the answer that came back.
import { isObject, type JsonObject } from "../json-fields.js";

/** The first five break one answer or one rule; the others a sentence across fields, calls or time. */
export const BUG_CLASSES = [
  "shape",
  "status",
  "auth",
  "validation",
  "behaviour",
  "fields",
  "scope",
  "pages",
  "atomicity",
  "values",
  "errors",
  "retry",
] as const;
export type BugClass = (typeof BUG_CLASSES)[number];

/** The classes of bugs that break a sentence across fields, calls or time. */
export const SENTENCE_CLASSES: readonly BugClass[] = BUG_CLASSES.slice(5);

/** An answer as the layer handles it: JSON bodies parsed, anything else as text. */
export interface BugAnswer {
  status: number;
  contentType: string | null;
  body: unknown;
  /** The answer's other headers (X-Request-Id, Retry-After, …), passed on as they are unless a bug changes them. */
  headers?: Record<string, string>;
  /** The body's text as the sandbox wrote it, passed on unchanged when the bug leaves `body` alone. */
  text?: string;
}

/** One call to the bug's operation, as it goes through the layer. */
export interface BugCall {
  operationId: string;
  method: string;
  /** Change `searchParams` or the path to change what is forwarded. */
  url: URL;
  headers: Headers;
  /** The parsed JSON body, undefined when the request has none. */
  body: unknown;
  /** What the bug remembers between calls (a token it saw first, the ids it made up, …). */
  memory: Map<string, unknown>;
  /** The keys the layer has seen work, for the auth bugs. */
  keys: KnownKeys;
  /** Sends the call as it stands now to the sandbox. */
  forward(): Promise<BugAnswer>;
  /** The key of another tenant of the same sandbox, made once: where a call can be applied unseen. */
  elsewhereKey(): Promise<string>;
}

export interface KnownKeys {
  /** The unbound key a scoped key belongs to (a tenant's `api_key`), or undefined. */
  unboundOf(key: string): string | undefined;
  /** The last unbound key a request carried. */
  lastUnbound(): string | undefined;
  isKnown(key: string): boolean;
}

export interface SeededBug {
  /** `<class>.<operationId>.<what>`, stable: `--only` names it. */
  id: string;
  class: BugClass;
  operationId: string;
  description: string;
  apply(call: BugCall): Promise<BugAnswer>;
}

/** A bug whose id, `<class>.<operationId>.<what>`, names its class and operation. */
export function defineBug(
  id: `${BugClass}.${string}.${string}`,
  description: string,
  apply: SeededBug["apply"],
): SeededBug {
  const [first, operationId = ""] = id.split(".");
  const kind = BUG_CLASSES.find((c) => c === first);
  if (kind === undefined) throw new Error(`${id} names no class of bug`);
  return { id, class: kind, operationId, description, apply };
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** A bug that changes the successful answers' bodies of its operation. */
export function rewriteSuccess(change: (body: JsonObject, call: BugCall) => unknown): SeededBug["apply"] {
  return async (call) => {
    const answer = await call.forward();
    if (!isSuccess(answer.status) || !isObject(answer.body)) return answer;
    const body = structuredClone(answer.body);
    const changed = change(body, call);
    return { ...answer, body: changed === undefined ? body : changed };
  };
}

/** A bug that changes the request before it is forwarded. */
export function rewriteRequest(change: (call: BugCall) => void): SeededBug["apply"] {
  return (call) => {
    change(call);
    return call.forward();
  };
}

/** A bug that changes the answers of one status. */
export function rewriteStatus(
  status: number,
  change: (answer: BugAnswer, call: BugCall) => BugAnswer,
): SeededBug["apply"] {
  return async (call) => {
    const answer = await call.forward();
    return answer.status === status ? change(answer, call) : answer;
  };
}

/** The key of an `Authorization: apikey <key>` header (any case of the scheme word), or undefined. */
export function keyOf(headers: Headers): string | undefined {
  const match = /^apikey\s+(\S+)$/i.exec(headers.get("authorization") ?? "");
  return match?.[1];
}
