// `maxResponseBytes`: an answer's body is counted while it is read, and the read stops (the connection with
// it) the moment the limit is passed, so a misbehaving server or proxy can never fill the process's memory.
import { ResponseTooLargeError } from "./answer-errors.js";
import type { CallInfo } from "./errors.js";
import { resolveLimit } from "./middleware/timeout.js";
import { identify } from "./operation-id.js";

/** The default largest answer body, in bytes: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 67_108_864;

/** Checks the `maxResponseBytes` option: a positive number of bytes, or 0 / Infinity for no limit. */
export function resolveMaxResponseBytes(value: number | undefined): number {
  return resolveLimit(value, "maxResponseBytes", DEFAULT_MAX_RESPONSE_BYTES);
}

/** What the bound of one attempt needs to know. */
export interface BodyBound {
  call: CallInfo;
  /** When the call started, in `performance.now()` ms. */
  started: number;
  maxBytes: number;
  /** Whether the fetch is the runtime's own, whose `Content-Length` framing can be trusted. */
  trustsLength: boolean;
  /**
   * The attempt's deadline, for a custom fetch (the runtime's own follows it by itself): a body still being
   * read when it aborts errors with its reason.
   */
  signal: AbortSignal | undefined;
}

/**
 * The answer with its body bounded. The runtime's fetch reads exactly `Content-Length` bytes of an
 * uncompressed answer, so one within the limit is returned as it is; a larger declared length fails at
 * once; any other body (chunked, compressed, or from a custom fetch) is counted as it is read.
 */
export function boundResponse(response: Response, bound: BodyBound): Response | Promise<Response> {
  // The body is looked at only when it must be: once a program has touched it, fetch reads it more slowly.
  const { maxBytes, trustsLength } = bound;
  if (maxBytes === 0 && trustsLength) return response;
  const length = response.headers.get("content-length");
  const declared = length === null ? Number.NaN : Number(length);
  if (maxBytes > 0 && declared > maxBytes) return refuse(response, declared, bound);
  const encoding = trustsLength && declared >= 0 ? response.headers.get("content-encoding") : "unknown";
  if (!encoding || encoding === "identity") return response;
  // (A 204, 205 or 304 has no body: fetch gives none, and a Response with one cannot be made.)
  const { body } = response;
  if (!body) return response;
  const bounded = new Response(countedBody(body, response.status, bound), response);
  Object.defineProperty(bounded, "url", { value: response.url });
  return bounded;
}

/** The body as a stream that errors with a ResponseTooLargeError past the limit, or when the deadline aborts. */
function countedBody(source: ReadableStream<Uint8Array>, status: number, bound: BodyBound) {
  const reader = source.getReader();
  const { signal } = bound;
  let read = 0;
  let over = false;
  const stop = async (controller: ReadableStreamDefaultController<Uint8Array>, reason: unknown) => {
    if (over) return;
    over = true;
    await reader.cancel(reason).catch(() => undefined);
    controller.error(reason);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        signal?.addEventListener("abort", () => stop(controller, signal.reason), { once: true });
      },
      async pull(controller) {
        const chunk = await reader.read();
        if (over) return;
        if (chunk.done) {
          over = true;
          return controller.close();
        }
        read += chunk.value.byteLength;
        if (bound.maxBytes > 0 && read > bound.maxBytes) {
          return stop(controller, await tooLarge(bound, status, read, undefined));
        }
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/** A declared length over the limit: the body is cancelled unread. */
async function refuse(response: Response, declared: number, bound: BodyBound): Promise<never> {
  await response.body?.cancel().catch(() => undefined);
  throw await tooLarge(bound, response.status, 0, declared);
}

async function tooLarge(bound: BodyBound, status: number, read: number, declared: number | undefined) {
  await identify(bound.call);
  const elapsed = performance.now() - bound.started;
  return new ResponseTooLargeError(bound.call, status, bound.maxBytes, read, declared, elapsed);
}
